import type { ComponentChildren } from 'preact';
import type { RoomModel } from '../model/RoomModel';
import { onActivateKey } from '../onActivateKey';

/**
 * One row of the Act panel's target lists (attack and effect): picked by click, Enter or Space,
 * marked selected when it is the model's target, green or red by whether the pick is legal.
 */
export function TargetOption(props: {
  model: RoomModel;
  id: string;
  testid: string;
  legal: boolean;
  children: ComponentChildren;
}) {
  const { model, id } = props;
  const selected = model.combat.value.targetId === id;
  const pick = (): void => model.update({ targetId: id });
  return (
    <li
      data-testid={props.testid}
      class={`${props.legal ? 'legal' : 'illegal'}${selected ? ' selected' : ''}`}
      role="option"
      aria-selected={selected}
      tabIndex={0}
      onClick={pick}
      onKeyDown={onActivateKey(pick)}
    >
      {props.children}
    </li>
  );
}
