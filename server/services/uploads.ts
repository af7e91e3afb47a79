/** Where an uploaded file is served: the random key in the path keeps files from being enumerated by id. */
export function uploadUrl(id: number, key: string): string {
  return `/media/uploads/${id}-${key}`;
}
