import type { ServerContext } from '../context';
import { TokenBucket } from '../TokenBucket';
import type { AssetOptions } from './assetLimits';
import { DEFAULT_ASSET_OPTIONS } from './assetLimits';
import { BUSY_RETRY_SECONDS, BUSY_TEXT } from './assetLimits';
import { AssetStore } from './assetStore';
import { HttpError } from '../http/json';
import { ImageJobs } from './imageJobs';

/** One server's image machinery: its store, job slots and upload rate per link. */
export interface AssetService {
  readonly options: AssetOptions;
  readonly store: AssetStore;
  readonly jobs: ImageJobs;
  /** Uploads per token hash. */
  readonly uploads: TokenBucket;
}

/**
 * Kept beside the server's context rather than in it: made on the first image request, one per
 * server (tests run several in one process).
 */
const services = new WeakMap<ServerContext, AssetService>();

export function assetsOf(ctx: ServerContext): AssetService {
  return services.get(ctx) ?? configureAssets(ctx);
}

/** (Re)make a server's image machinery with other bounds (tests; defaults otherwise). */
export function configureAssets(ctx: ServerContext, overrides: Partial<AssetOptions> = {}): AssetService {
  const options = { ...DEFAULT_ASSET_OPTIONS, ...overrides };
  const { burst, perSecond } = options.uploads;
  const service: AssetService = {
    options,
    store: new AssetStore(ctx.storage),
    jobs: new ImageJobs(options.maxRunningJobs, options.maxUploadsInFlight, options.maxWaitMs),
    uploads: new TokenBucket(burst, (burst / perSecond) * 1000, options.now),
  };
  services.set(ctx, service);
  return service;
}

/** The 503 for an upload or import the server has no room for now. */
export function busyError(): HttpError {
  return new HttpError(503, BUSY_TEXT, { 'retry-after': String(BUSY_RETRY_SECONDS), connection: 'close' });
}
