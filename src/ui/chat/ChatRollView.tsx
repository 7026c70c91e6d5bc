import type { ChatRoll } from '../../schema/chat';
import { dieText, iconRollWords } from './rollWords';

/**
 * A roll as it fell: every group of dice with its notation and every die (dropped or re-rolled ones struck through, the
 * library's marks such as "!" after the value), the text between groups and the total; an ICON
 * roll as a sentence.
 */
export function ChatRollView({ roll }: { roll: ChatRoll }) {
  if (roll.icon)
    return (
      <span class="chat-roll icon" data-testid="chat-roll">
        {iconRollWords(roll.icon)}
      </span>
    );
  return (
    <span class="chat-roll" data-testid="chat-roll" title={roll.notation}>
      {/* The groups and the text between spell the notation out; it is the title for the whole. */}
      {roll.parts.map((part, i) =>
        'text' in part ? (
          <span key={i}>{part.text}</span>
        ) : (
          <span key={i} class="dice-group" title={part.notation}>
            {part.notation} [
            {part.dice.map((die, j) => (
              <span key={j}>
                {j > 0 ? ', ' : ''}
                {die.kept ? (
                  <span class="die" data-testid="chat-die">
                    {dieText(die)}
                  </span>
                ) : (
                  <s class="die dropped" data-testid="chat-die" title="dropped">
                    {die.value}
                  </s>
                )}
              </span>
            ))}
            ]
          </span>
        ),
      )}
      {' = '}
      <strong class="total" data-testid="chat-roll-total">
        {roll.total}
      </strong>
    </span>
  );
}
