/** One first-run hint: a title and what to do, in the words of the screen. */
export interface HintStep {
  readonly title: string;
  readonly text: string;
}

/**
 * What to click first (issue 12, "first-run hint layer"), per role. Short on purpose: each step
 * names the control as the screen labels it, so people find it.
 */
export const HINT_STEPS: Record<'gm' | 'player', readonly HintStep[]> = {
  gm: [
    {
      title: 'This is your table',
      text: 'Drag a token to move it; drag empty space to pan; the wheel or a pinch zooms. You can place any token anywhere: you are the GM.',
    },
    {
      title: 'Bring your players',
      text: 'In Invite players, type a player’s name, tick their character and copy the link for them. Your own link (the one in the address bar) is the key to this room: keep it.',
    },
    {
      title: 'Start the fight',
      text: 'In Turns, press Start combat. Encounter foes start hidden: Reveal all foes shows them. The server rolls every die and writes each result in the Log.',
    },
  ],
  player: [
    {
      title: 'Your character',
      text: 'Drag your character to move: the highlighted squares show how far it can go, and the server checks every step.',
    },
    {
      title: 'Your turn',
      text: 'When your side is up, press Start turn in Turns. In Act, pick an ability, then click (or tap) a target on the map to see your exact chance to hit.',
    },
    {
      title: 'Rolls and results',
      text: 'Press Roll: the server rolls, and Result shows every die and step. Press End turn when you are done.',
    },
  ],
};
