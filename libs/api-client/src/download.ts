import { apiSend } from './http';

/** Hands a file to the browser's download (the way a link with `download` would). */
export function saveFile(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads a file the API serves as an attachment, with the session's token; returns its name. */
export async function downloadFromApi(url: string, fallbackName: string): Promise<string> {
  const res = await apiSend('GET', url);
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveFile(await res.blob(), name);
  return name;
}
