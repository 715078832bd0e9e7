/**
 * Hands a file to the browser's download under `name`: an anchor with an
 * object URL, released once the click has been handled. Used by the Admin
 * exports the server sends and by files built in the page (Scope 2's CSV).
 */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
