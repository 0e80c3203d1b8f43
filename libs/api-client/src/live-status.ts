import { useQuery } from '@tanstack/react-query';

/** `connected` while the live event stream is open; otherwise the polling fallbacks run. */
export type LiveStatus = 'connecting' | 'connected' | 'down';

/**
 * The stream's status, kept in the QueryClient rather than in this module: the shell and each
 * remote bundle their own copy of this library but share the shell's QueryClient.
 */
export const liveStatusKey = ['live-status'] as const;

/** Whether the live stream is open now, so polling can rest; any bundle can read it. */
export function useLiveConnected(): boolean {
  const status = useQuery<LiveStatus>({
    queryKey: liveStatusKey,
    queryFn: () => 'down',
    enabled: false,
    initialData: 'down',
    staleTime: Infinity,
  });
  return status.data === 'connected';
}
