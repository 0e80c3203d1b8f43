export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Send this exact text as the body (for malformed JSON tests). */
  raw?: string;
}

/** A small HTTP client for tests that call a running service the way a browser does. */
export function apiClient(baseUrl: string) {
  async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.raw !== undefined) {
      payload = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    get: <T = any>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
    post: <T = any>(path: string, body?: unknown, options?: CallOptions) =>
      call<T>('POST', path, body, options),
    put: <T = any>(path: string, body?: unknown, options?: CallOptions) =>
      call<T>('PUT', path, body, options),
    delete: <T = any>(path: string, options?: CallOptions) => call<T>('DELETE', path, undefined, options),
  };
}
export type ApiClient = ReturnType<typeof apiClient>;
