import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshForEvent } from './notifications-api.ts';

describe('refreshForEvent', () => {
  it('refreshes what a learning event changes, but never restarts a SCORM package under the learner', async () => {
    const client = new QueryClient();
    const topic = ['/api/topics', 't1'];
    const launch = ['/api/topics', 't1', 'scorm'];
    const other = ['/api/otj', 'summary'];
    client.setQueryData(topic, { id: 't1' });
    client.setQueryData(other, {});
    // The launch query as useScormLaunch declares it (src/client/features/scorm/api/scorm.ts).
    await client.prefetchQuery({
      queryKey: launch,
      queryFn: () => ({}),
      meta: { refreshOnLiveEvents: false },
    });

    refreshForEvent(client, 'learning');

    const invalid = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalid(topic)).toBe(true);
    expect(invalid(launch)).toBe(false);
    expect(invalid(other)).toBe(false);
  });
});
