import { ListVideo, PlayCircle, UserRound } from 'lucide-react';
import { formatMinutes } from '#shared/format.ts';
import { useCurriculum } from '../api/reviews.ts';

/** A video's length as "m:ss". */
function videoLength(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return `${m}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * What the course teaches, module by module, with durations, and its instructor when one is assigned
 * (docs/product.md#public-site). Titles only: the lessons stay for enrolled learners.
 */
export function CurriculumSection({ courseId }: { courseId: string }) {
  const { data } = useCurriculum(courseId);
  if (!data) return null;
  const topicCount = data.modules.reduce((n, m) => n + m.topics.length, 0);
  // Titles may repeat, and the list never reorders: keys are positions, given once here.
  const modules = data.modules.map((mod, i) => ({
    ...mod,
    key: `module-${i}`,
    topics: mod.topics.map((topic, j) => ({ ...topic, key: `topic-${i}-${j}` })),
  }));
  return (
    <>
      {data.instructor ? (
        <section
          aria-labelledby="instructor-heading"
          className="rounded-2xl border border-border bg-white p-6 shadow-card"
        >
          <h2 id="instructor-heading" className="flex items-center gap-2 text-xl font-bold text-navy-950">
            <UserRound aria-hidden="true" className="size-5 text-safety-600" />
            Your instructor
          </h2>
          <p className="mt-3 font-semibold text-navy-900">{data.instructor.name}</p>
          {data.instructor.title ? (
            <p className="text-sm text-muted-foreground">{data.instructor.title}</p>
          ) : null}
        </section>
      ) : null}
      <section
        aria-labelledby="curriculum-heading"
        className="rounded-2xl border border-border bg-white p-6 shadow-card"
      >
        <h2 id="curriculum-heading" className="flex items-center gap-2 text-xl font-bold text-navy-950">
          <ListVideo aria-hidden="true" className="size-5 text-safety-600" />
          Curriculum
        </h2>
        {data.modules.length === 0 ? (
          <p className="mt-3 text-muted-foreground">The curriculum is being prepared.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted-foreground">
              {data.modules.length} {data.modules.length === 1 ? 'module' : 'modules'} · {topicCount}{' '}
              {topicCount === 1 ? 'lesson' : 'lessons'}
            </p>
            <ol className="mt-4 grid gap-3">
              {modules.map((mod, i) => (
                <li key={mod.key} className="rounded-xl border border-border">
                  <div className="flex items-start justify-between gap-3 bg-navy-50/70 px-4 py-3">
                    <h3 className="font-semibold text-navy-950">
                      <span className="text-muted-foreground">Module {i + 1}: </span>
                      {mod.title}
                    </h3>
                    {mod.duration > 0 ? (
                      <span className="shrink-0 text-sm text-navy-700">{formatMinutes(mod.duration)}</span>
                    ) : null}
                  </div>
                  {mod.topics.length ? (
                    <ul className="divide-y divide-border">
                      {mod.topics.map((topic) => (
                        <li key={topic.key} className="flex items-center gap-3 px-4 py-2.5 text-sm">
                          <PlayCircle aria-hidden="true" className="size-4 shrink-0 text-navy-400" />
                          <span className="flex-1 text-navy-900">{topic.title}</span>
                          {topic.videoSeconds ? (
                            <span className="shrink-0 tabular-nums text-muted-foreground">
                              <span className="sr-only">Video length </span>
                              {videoLength(topic.videoSeconds)}
                            </span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </>
  );
}
