import type { NetworkInterfaceInfo } from 'node:os';

/** What decides the address printed in links (main.ts passes `os.networkInterfaces()`). */
export interface LinkOriginInput {
  /** The address the server listens on (HOST). */
  readonly host: string;
  readonly port: number;
  /** PUBLIC_URL, when set: how other machines reach this server (e.g. behind a proxy). */
  readonly publicUrl?: string | undefined;
  readonly interfaces: Readonly<Record<string, readonly NetworkInterfaceInfo[] | undefined>>;
}

/** Hosts that mean "every interface": nobody can open a link to them. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The origin (`http://host:port`) to put in the GM and player links the server prints.
 * PUBLIC_URL wins; a wildcard HOST (0.0.0.0, ::) uses the machine's first non-internal IPv4
 * address (in the order the OS lists interfaces) so a player on the LAN can open the link, or
 * 127.0.0.1 when the machine has none; any other HOST is used as it is.
 */
export function linkOrigin(input: LinkOriginInput): { origin: string; note?: string } {
  if (input.publicUrl !== undefined) return { origin: parsePublicUrl(input.publicUrl) };
  if (!WILDCARD_HOSTS.has(input.host)) return { origin: originOf(input.host, input.port) };
  for (const addresses of Object.values(input.interfaces)) {
    const lan = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (lan) return { origin: originOf(lan.address, input.port) };
  }
  return {
    origin: originOf('127.0.0.1', input.port),
    note: 'no network address found besides loopback: links only work on this machine (set PUBLIC_URL)',
  };
}

/**
 * PUBLIC_URL must be an http(s) origin: links are `<origin>/?room=…` and the client's API and
 * websocket paths are absolute, so a path prefix could not work. Throws naming what is wrong.
 */
export function parsePublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL: expected an address like http://192.168.1.20:8080, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL: expected http:// or https://, got "${url.protocol}" in "${text}"`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `PUBLIC_URL: expected no path, query or fragment (the server is served at /), got "${text}"`,
    );
  }
  return url.origin;
}

function originOf(host: string, port: number): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}
