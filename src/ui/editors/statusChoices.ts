import { DEFAULT_STATUS_CATALOG, type StatusCatalog } from '../../schema/status';
import type { StatusChoice } from './EffectFields';

/** The statuses an ability may give: the room's catalog when it has one, else the rules' built-in list. */
export function statusChoicesOf(catalog?: StatusCatalog): StatusChoice[] {
  const list = catalog && catalog.length > 0 ? catalog : DEFAULT_STATUS_CATALOG;
  return list.map(({ id, name }) => ({ id, name }));
}
