/** One part of a multipart form: a text field, or a file with its name and declared type. */
export type FormPart = [string, string | { bytes: Buffer; filename: string; type: string }];

/** A multipart/form-data body built the way a browser builds it, for `app.inject`. */
export async function multipartBody(parts: FormPart[]): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/**
 * The same body with a boundary of the test's choosing, sent as `multipart/form-data; boundary=`
 * followed by `param` (the boundary as the header writes it: quoted, empty...), or no boundary
 * parameter at all when `param` is null.
 */
export async function multipartBodyWithBoundary(
  parts: FormPart[],
  boundary: string,
  param: string | null = boundary,
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const body = await multipartBody(parts);
  const generated = /boundary=(.+)$/.exec(body.headers['content-type'])?.[1] ?? '';
  return {
    payload: Buffer.from(body.payload.toString('latin1').split(generated).join(boundary), 'latin1'),
    headers: { 'content-type': param === null ? 'multipart/form-data' : `multipart/form-data; boundary=${param}` },
  };
}
