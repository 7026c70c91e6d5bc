import { describe, expect, it } from 'vitest';
import { chatFormat } from '../../../src/ui/chat/chatFormat';

describe('chat formatting: **bold**, *italic*, `code`, line breaks; nothing else', () => {
  it('plain text is one text run', () => {
    expect(chatFormat('hello there')).toEqual([{ kind: 'text', text: 'hello there' }]);
  });

  it('bold, italic and code', () => {
    expect(chatFormat('a **big** and *small* `x<y`')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'bold', children: [{ kind: 'text', text: 'big' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'italic', children: [{ kind: 'text', text: 'small' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'x<y' },
    ]);
  });

  it('italic inside bold; nothing formats inside code', () => {
    expect(chatFormat('**very *much***')).toEqual([
      {
        kind: 'bold',
        children: [
          { kind: 'text', text: 'very ' },
          { kind: 'italic', children: [{ kind: 'text', text: 'much' }] },
        ],
      },
    ]);
    expect(chatFormat('`**no**`')).toEqual([{ kind: 'code', text: '**no**' }]);
  });

  it('line breaks', () => {
    expect(chatFormat('one\ntwo')).toEqual([
      { kind: 'text', text: 'one' },
      { kind: 'break' },
      { kind: 'text', text: 'two' },
    ]);
  });

  it('unclosed or spaced markers stay as typed', () => {
    expect(chatFormat('2 * 3 * 4')).toEqual([{ kind: 'text', text: '2 * 3 * 4' }]);
    expect(chatFormat('**open')).toEqual([{ kind: 'text', text: '**open' }]);
    expect(chatFormat('a `tick')).toEqual([{ kind: 'text', text: 'a `tick' }]);
    expect(chatFormat('**')).toEqual([{ kind: 'text', text: '**' }]);
  });

  it('HTML is just text', () => {
    expect(chatFormat('<img src=x onerror=alert(1)> <b>hi</b>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> <b>hi</b>' },
    ]);
  });

  it('a long line of markers stays fast and flat', () => {
    const text = '*a '.repeat(600);
    const start = performance.now();
    const nodes = chatFormat(text);
    expect(performance.now() - start).toBeLessThan(200);
    expect(nodes.length).toBeGreaterThan(0);
  });
});
