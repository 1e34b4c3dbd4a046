/**
 * Saves text as a file through a temporary object URL and a link click: the layout export,
 * a plan's JSON and CSV, an experiment's CSV.
 */
export function downloadTextFile(fileName: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers read the URL after click() returns, and revoking
  // at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
