import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useMediaTopics, useRefreshMedia } from '../api/media.ts';
import { TopicMediaSlot } from './topic-media-slot.tsx';

/** Choose a topic, then upload its video and presentation (the upload part of the admin topic card). */
export function TopicMediaCard() {
  const topics = useMediaTopics();
  const refresh = useRefreshMedia();
  const [selected, setSelected] = useState<string>('');
  const list = topics.data ?? [];
  const topic = list.find((t) => t.id === selected) ?? list[0];
  const courses = [...new Set(list.map((t) => t.courseTitle))];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Topic media</CardTitle>
        <CardDescription>Upload a topic's video lesson and its presentation.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {topics.isLoading ? (
          <Skeleton className="h-11 w-full" />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No topics yet. Add topics in Content first.</p>
        ) : (
          <div className="flex flex-col gap-2">
            <Label htmlFor="media-topic">Topic</Label>
            <Select id="media-topic" value={topic?.id ?? ''} onChange={(e) => setSelected(e.target.value)}>
              {courses.map((course) => (
                <optgroup key={course} label={course}>
                  {list
                    .filter((t) => t.courseTitle === course)
                    .map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.moduleTitle} — {t.title}
                      </option>
                    ))}
                </optgroup>
              ))}
            </Select>
          </div>
        )}
        {topic ? (
          <div className="grid gap-4 md:grid-cols-2">
            {(['video', 'presentation'] as const).map((kind) => (
              <TopicMediaSlot
                key={`${kind}-${topic.id}`}
                topic={topic}
                kind={kind}
                variant="card"
                onChanged={refresh}
              />
            ))}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
