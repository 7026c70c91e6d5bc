import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { chatFormat, type ChatNode } from './chatFormat';

function nodes(list: readonly ChatNode[]): ComponentChildren {
  // Index keys: a line's words never change once sent.
  return list.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={i} />;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'bold':
        return <strong key={i}>{nodes(node.children)}</strong>;
      case 'italic':
        return <em key={i}>{nodes(node.children)}</em>;
    }
  });
}

/** A chat line's words with its basic formatting, built as elements (never as HTML). */
export function ChatText({ text }: { text: string }) {
  const parsed = useMemo(() => chatFormat(text), [text]);
  return <span class="chat-text">{nodes(parsed)}</span>;
}
