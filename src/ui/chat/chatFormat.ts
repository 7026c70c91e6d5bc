/**
 * Chat's basic formatting (docs/ui.md "Chat"): **bold**, *italic*, `code` and line breaks, parsed
 * into data the panel turns into Preact elements. Everything else, HTML included, is text: user
 * words never reach the page as markup. A marker that is not closed stays as typed, and an opening
 * `*` must touch a word ("2 * 3" is arithmetic, not italic).
 */
export type ChatNode =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; children: ChatNode[] }
  | { kind: 'italic'; children: ChatNode[] }
  | { kind: 'code'; text: string }
  | { kind: 'break' };

const isSpace = (c: string | undefined): boolean => c === undefined || /\s/.test(c);

/** Where a `**` run opened at `from` closes (the index of the closing `**`), or -1. */
function boldEnd(s: string, from: number): number {
  for (let j = s.indexOf('**', from); j >= 0; j = s.indexOf('**', j + 1)) {
    if (j > from && !isSpace(s[j - 1])) {
      // "***" closes an italic then the bold ("**very *much***"): the last two stars are the bold's.
      while (s[j + 2] === '*') j++;
      return j;
    }
  }
  return -1;
}

/** Where a single `*` opened at `from` closes, skipping `**` pairs, or -1. */
function italicEnd(s: string, from: number): number {
  for (let j = from; j < s.length; j++) {
    if (s[j] !== '*') continue;
    if (s[j + 1] === '*') {
      // A bold run inside the italic: jump over it whole, or over the lone pair.
      const close = boldEnd(s, j + 2);
      j = close >= 0 ? close + 1 : j + 1;
      continue;
    }
    if (j > from && !isSpace(s[j - 1])) return j;
  }
  return -1;
}

export function chatFormat(text: string): ChatNode[] {
  const out: ChatNode[] = [];
  let buf = '';
  const flush = (): void => {
    if (buf) out.push({ kind: 'text', text: buf });
    buf = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      flush();
      out.push({ kind: 'break' });
      i++;
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ kind: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    } else if (c === '*' && text[i + 1] === '*' && !isSpace(text[i + 2])) {
      const end = boldEnd(text, i + 2);
      if (end >= 0) {
        flush();
        out.push({ kind: 'bold', children: chatFormat(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
      buf += '**';
      i += 2;
      continue;
    } else if (c === '*' && !isSpace(text[i + 1])) {
      const end = italicEnd(text, i + 1);
      if (end >= 0) {
        flush();
        out.push({ kind: 'italic', children: chatFormat(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}
