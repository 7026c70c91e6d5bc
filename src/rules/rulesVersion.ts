/**
 * The version of how the rules engine and the intent handlers resolve an action. Bump it with any
 * change that can make the same intent, facts and dice give another outcome (a new boon, a
 * changed damage step, an interpretation in docs/rules.md): a log entry's replay record keeps
 * the version it was computed with, and the verifier (src/table/replay/) then says "computed by
 * older rules" instead of calling a correct old result wrong (docs/table/replay.md).
 */
export const RULES_VERSION = 2;
