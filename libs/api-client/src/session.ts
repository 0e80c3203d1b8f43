import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResponse, PublicSettings, RegistrationInput, User } from '@medrelay/contracts';
import { apiRequest, tokenStore } from './http';

export const meKey = ['/api/auth/me'] as const;

/**
 * The stored session, checked once on load (spec §4). Any failure drops the token silently and
 * the visitor is treated as signed out (null).
 */
export async function loadSession(): Promise<User | null> {
  if (!tokenStore.get()) return null;
  try {
    return await apiRequest<User>('GET', meKey[0]);
  } catch {
    tokenStore.clear();
    return null;
  }
}

export function useSession() {
  return useQuery({ queryKey: meKey, queryFn: loadSession });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<LoginResponse>('POST', '/api/auth/login', input),
    onSuccess: ({ token, user }) => {
      tokenStore.set(token);
      client.setQueryData(meKey, user);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegistrationInput) =>
      apiRequest<{ user: User; message: string }>('POST', '/api/auth/register', input),
  });
}

/** Ends the session on the server (best effort), then forgets the token and every cached answer. */
export function useLogout() {
  const client = useQueryClient();
  return async () => {
    await apiRequest('POST', '/api/auth/logout').catch(() => undefined);
    tokenStore.clear();
    client.setQueryData(meKey, null);
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== meKey[0] });
  };
}

export function usePublicSettings() {
  return useQuery({
    queryKey: ['/api/settings'],
    queryFn: () => apiRequest<PublicSettings>('GET', '/api/settings'),
  });
}
