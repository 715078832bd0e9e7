/** A source in the reader's language (中文 reads sourceZh), else the other one; '' without either. */
export function sourceIn(entry: { source: string; sourceZh: string }, language: string): string {
  const [first, second] = language.startsWith('zh')
    ? [entry.sourceZh, entry.source]
    : [entry.source, entry.sourceZh];
  return first.trim() || second.trim();
}
