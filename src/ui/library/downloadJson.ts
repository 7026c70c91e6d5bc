/** Hand the browser a JSON file to save (the room export does the same with its own file). */
export function downloadJson(fileName: string, value: unknown): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** "library-2025-06-01.icon-vtt-library.json": dated, so several backups sort and do not collide. */
export function libraryFileName(now = new Date()): string {
  return `library-${now.toISOString().slice(0, 10)}.icon-vtt-library.json`;
}
