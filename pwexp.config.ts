import base, { CHROMIUM_LAUNCH } from './playwright.config';
const extra = (process.env.EXTRA_FLAGS ?? '').split(' ').filter(Boolean);
export default { ...base, use: { ...base.use, launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, ...extra] } } };
