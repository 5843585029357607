// A proxy in front of the agency API for tests: it records every call, and its rules delay,
// hold or decorate calls; stop() and start() take the "API" down and up again on the same port.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
}

export interface FaultRule {
  /** Which calls the rule applies to. */
  match: (req: ProxyRequest) => boolean;
  /** Wait this long before forwarding. */
  delayMs?: number;
  /** Hold the call until release() (or the proxy stops). */
  hold?: boolean;
  /** Headers added to the API's answer. */
  addResponseHeaders?: Record<string, string | string[]>;
}

export interface FaultProxy {
  url: string;
  port: number;
  requests: ProxyRequest[];
  rules: FaultRule[];
  /** Lets every held call through. */
  release(): void;
  /** Resolves when a call matching `match` has arrived (already, or later). */
  arrived(match: (req: ProxyRequest) => boolean, timeoutMs?: number): Promise<ProxyRequest>;
  /** Refuse connections (the API "goes down"), dropping open ones. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const targetUrl = new URL(target);
  const requests: ProxyRequest[] = [];
  const rules: FaultRule[] = [];
  let held: (() => void)[] = [];
  const waiters: { match: (r: ProxyRequest) => boolean; resolve: (r: ProxyRequest) => void }[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse, rule: FaultRule | undefined) => {
    const upstream = http.request(
      { host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        const headers: IncomingHttpHeaders = { ...up.headers };
        for (const [name, value] of Object.entries(rule?.addResponseHeaders ?? {})) {
          const existing = headers[name];
          headers[name] = name === 'set-cookie' ? [...(Array.isArray(existing) ? existing : existing ? [String(existing)] : []), ...(Array.isArray(value) ? value : [value])] : value;
        }
        res.writeHead(up.statusCode ?? 502, headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };

  const make = () =>
    http.createServer((req, res) => {
      const entry: ProxyRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: { ...req.headers }, at: Date.now() };
      requests.push(entry);
      for (const w of waiters.filter((x) => x.match(entry))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(entry);
      }
      const rule = rules.find((r) => r.match(entry));
      const go = () => {
        if (!res.destroyed) forward(req, res, rule);
      };
      if (rule?.hold) held.push(go);
      else if (rule?.delayMs) setTimeout(go, rule.delayMs);
      else go();
    });

  let server = make();
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    held = [];
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    rules,
    release() {
      for (const go of held.splice(0)) go();
    },
    arrived(match, timeoutMs = 10_000) {
      const seen = requests.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the expected API call did not arrive')), timeoutMs);
        waiters.push({
          match,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
    stop,
    async start() {
      if (running) return;
      server = make();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
      running = true;
    },
    close: stop,
  };
}

