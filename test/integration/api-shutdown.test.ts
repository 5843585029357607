// The agency API's close(): it stops accepting at once, lets a request in flight finish, and
// drops what is left after its grace period (the SIGTERM path of api/main.ts uses it).
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestApi } from '../helpers/api.js';

/** Sends the head and the first half of a sign-in form; returns the socket and a way to finish. */
function halfSentSignIn(url: string): { socket: net.Socket; finish: () => void; answer: Promise<string> } {
  const { hostname, port } = new URL(url);
  const body = new URLSearchParams({ username: 'nobody@demo.example', password: 'wrong-password', recaptchaToken: '' }).toString();
  const socket = net.connect(Number(port), hostname);
  socket.write(
    `POST /api/auth/token HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  let text = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      // One answer is all this test waits for.
      if (/\r\n\r\n/.test(text)) socket.end();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
  return { socket, finish: () => socket.write(body.slice(10)), answer };
}

const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const s = net.connect(Number(port), hostname);
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });

describe('API close()', () => {
  it('finishes a request in flight and refuses new connections meanwhile', async () => {
    const api = await startTestApi('pglite');
    const inFlight = halfSentSignIn(api.url);
    await new Promise((r) => setTimeout(r, 200));
    const closing = api.close(5_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(await refused(api.url)).toBe(true);
    inFlight.finish();
    const answer = await inFlight.answer;
    // The wrong password is refused with the API's answer, not a dropped connection.
    expect(answer).toMatch(/^HTTP\/1\.1 (400|401) /);
    await closing;
  });

  it('drops a request that does not finish within the grace period', async () => {
    const api = await startTestApi('pglite');
    const stuck = halfSentSignIn(api.url);
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    await api.close(300);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stuck.answer).toBe('');
  });
});
