/** Uploading and reading images over the asset API (docs/server.md "Images"), as tests need it. */

export interface UploadAnswer {
  readonly status: number;
  readonly body: { hash?: string; width?: number; height?: number; reason?: string };
  readonly headers: Headers;
}

export async function upload(
  origin: string,
  roomId: string,
  token: string | undefined,
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  options: { purpose?: string; contentType?: string } = {},
): Promise<UploadAnswer> {
  const streamed = bytes instanceof ReadableStream;
  const response = await fetch(`${origin}/api/rooms/${roomId}/assets?purpose=${options.purpose ?? 'map'}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': options.contentType ?? 'application/octet-stream',
    },
    body: bytes,
    // A stream goes out chunked: no Content-Length, so the server must count as it reads.
    ...(streamed ? { duplex: 'half' } : {}),
  } as RequestInit);
  return {
    status: response.status,
    body: (await response.json()) as UploadAnswer['body'],
    headers: response.headers,
  };
}

export async function getAsset(
  origin: string,
  path: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(origin + path, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** `bytes` as a stream of `chunk`-sized pieces (sent without a Content-Length). */
export function streamOf(bytes: Uint8Array, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + chunk));
      at += chunk;
    },
  });
}

export async function health(origin: string): Promise<number> {
  return (await fetch(`${origin}/api/health`)).status;
}
