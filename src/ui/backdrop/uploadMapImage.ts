/** What the server answers for a stored image (docs/server.md, "Images"). */
export interface UploadedImage {
  readonly hash: string;
  readonly width: number;
  readonly height: number;
}

/**
 * Sends a battlemap image to the room's assets (`purpose=map`, GM only) and reports progress
 * (0–1); rejects with the server's refusal sentence. XMLHttpRequest, not fetch: only it reports
 * upload progress, which matters for a 20 MB map on a slow link.
 */
export function uploadMapImage(
  roomId: string,
  token: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/rooms/${encodeURIComponent(roomId)}/assets?purpose=map`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new Error('the upload did not reach the server (is it running?)'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && isUploaded(body)) return resolve(body);
      const said = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      const reason = [said['error'], said['reason'], said['message']].find((v) => typeof v === 'string');
      reject(
        new Error(
          typeof reason === 'string' ? reason : xhr.responseText || `the server answered ${xhr.status}`,
        ),
      );
    };
    xhr.send(file);
  });
}

function isUploaded(v: unknown): v is UploadedImage {
  const o = v as Partial<UploadedImage> | undefined;
  return !!o && typeof o.hash === 'string' && typeof o.width === 'number' && typeof o.height === 'number';
}
