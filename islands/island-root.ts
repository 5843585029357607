// The root every island renders under, on the server (views/Island.tsx) and in the browser
// (islands/client.ts), so both trees are identical and useId values match. In the browser it
// reports when React has committed the hydrated island (effects run after hydration).
import { useEffect, type ReactNode } from 'react';

export interface IslandRootProps {
  onHydrated?: () => void;
  children?: ReactNode;
}

export function IslandRoot({ onHydrated, children }: IslandRootProps): ReactNode {
  useEffect(() => {
    onHydrated?.();
  }, [onHydrated]);
  return children;
}
