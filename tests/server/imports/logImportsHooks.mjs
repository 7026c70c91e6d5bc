// The resolve hook behind logImports.mjs (it runs on the module hooks thread).
let port;
let pattern;

export function initialize(data) {
  port = data.port;
  pattern = new RegExp(data.pattern);
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (pattern.test(result.url)) port.postMessage(result.url);
  return result;
}
