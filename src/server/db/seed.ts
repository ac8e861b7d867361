import { asc, eq, sql } from 'drizzle-orm';
import type { ObjectStore } from '#server/features/media/index.ts';
import { generatePassword, hashPassword } from '#server/lib/passwords.util.ts';
import type { Db } from './client.ts';
import {
  courses,
  enrolments,
  liveSessionAttendees,
  liveSessions,
  modules,
  quizAnswers,
  quizQuestions,
  quizzes,
  topicProgress,
  topics,
  users,
} from './schema/index.ts';
import { type DemoTopic, seedDemoMedia } from './seed-media/index.ts';
import { seedDemoStandard } from './seed-standard.ts';

/** True when no course and no user exist yet (a fresh install). */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await db
    .execute<{ n: number }>(
      sql`SELECT ((SELECT count(*) FROM ${courses}) + (SELECT count(*) FROM ${users}))::int AS n`,
    )
    .then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
  return Number(row?.n ?? 0) === 0;
}

interface SeedTopic {
  title: string;
  description: string;
  quiz?: { title: string; questions: [string, string[], number][] };
}
interface SeedModule {
  title: string;
  description: string;
  duration: number;
  topics: SeedTopic[];
}
interface SeedCourse {
  values: typeof courses.$inferInsert;
  modules: SeedModule[];
}

const drainage: SeedCourse = {
  values: {
    title: 'Drainage Systems Fundamentals',
    description:
      'Learn how below-ground drainage works, from reading a drainage plan to laying, testing and inspecting pipework to Building Regulations Part H.',
    courseType: 'fundamental',
    difficulty: 'beginner',
    isActive: true,
    isFeatured: true,
    order: 1,
    pricePence: 99500,
    originalPricePence: 119900,
    monthlyPricePence: 19999,
    instalments: 6,
    avgSalary: 32000,
    estimatedDuration: 6,
    whatYouLearn: [
      'Read drainage drawings and identify foul, surface and combined systems',
      'Set out falls and gradients with a laser level',
      'Lay and bed uPVC and clay pipework to manufacturer guidance',
      'Carry out air and water tests and complete test certificates',
      'Work safely in excavations and confined spaces',
    ],
    requirements: [
      'No previous experience needed',
      'Steel toe-cap boots and basic PPE',
      'A smartphone or laptop',
    ],
    careerOutcomes: ['Drainage Operative', 'Groundworker', 'Drainage Engineer (trainee)'],
  },
  modules: [
    {
      title: 'Introduction to Drainage',
      description: 'How water leaves a building and the systems that carry it away.',
      duration: 90,
      topics: [
        {
          title: 'Foul, surface and combined systems',
          description: 'The three kinds of drainage system and where you will meet each.',
          quiz: {
            title: 'Drainage systems check',
            questions: [
              ['Which system carries only rainwater?', ['Foul', 'Surface', 'Combined', 'Grey'], 1],
              [
                'Which system carries both waste water and rainwater?',
                ['Surface', 'Foul', 'Combined', 'Soakaway'],
                2,
              ],
            ],
          },
        },
        {
          title: 'Reading a drainage plan',
          description: 'Symbols, invert levels and cover levels on a typical site drawing.',
          quiz: {
            title: 'Drainage plans check',
            questions: [
              [
                'What does IL stand for on a drainage plan?',
                ['Inside length', 'Invert level', 'Inspection line', 'Inlet'],
                1,
              ],
              [
                'A cover level is measured at the…',
                ['Pipe soffit', 'Pipe invert', 'Top of the chamber cover', 'Trench base'],
                2,
              ],
            ],
          },
        },
      ],
    },
    {
      title: 'Pipe Laying and Gradients',
      description: 'Setting out, bedding and laying pipes to the right fall.',
      duration: 150,
      topics: [
        {
          title: 'Falls and gradients',
          description: 'Working out a 1:40 fall and checking it with a laser.',
          quiz: {
            title: 'Gradients check',
            questions: [['A 1:40 fall over 20 m drops by…', ['0.25 m', '0.5 m', '0.8 m', '2 m'], 1]],
          },
        },
        { title: 'Bedding and backfill', description: 'Pea gravel bedding classes and safe backfilling.' },
      ],
    },
    {
      title: 'Testing and Inspection',
      description: 'Air tests, water tests and CCTV inspection before handover.',
      duration: 120,
      topics: [
        {
          title: 'Air and water testing',
          description: 'How to run and record a pass/fail test.',
          quiz: {
            title: 'Testing check',
            questions: [
              [
                'An air test on a new drain typically uses a water gauge of…',
                ['10 mm', '100 mm', '1 m', '5 mm'],
                1,
              ],
            ],
          },
        },
      ],
    },
  ],
};

const groundworks: SeedCourse = {
  values: {
    title: 'Groundworks Essentials',
    description:
      'Excavation, setting out, kerbs and concrete: everything a new groundworker needs on day one.',
    courseType: 'fundamental',
    difficulty: 'beginner',
    isActive: true,
    order: 2,
    pricePence: 79500,
    monthlyPricePence: 14999,
    instalments: 6,
    avgSalary: 29000,
    estimatedDuration: 4,
    whatYouLearn: [
      'Set out a site with pegs and profiles',
      'Excavate safely near services',
      'Lay kerbs and edgings',
    ],
    requirements: ['No previous experience needed'],
    careerOutcomes: ['Groundworker', 'Plant Operative (trainee)'],
  },
  modules: [
    {
      title: 'Site Safety and Setting Out',
      description: 'CSCS basics, permits and setting out a site.',
      duration: 60,
      topics: [
        { title: 'Working near buried services', description: 'CAT and Genny, HSG47 and safe digging.' },
        {
          title: 'Trench support and edge protection',
          description: 'When to shore, batter or box a trench.',
        },
      ],
    },
  ],
};

const cctv: SeedCourse = {
  values: {
    title: 'Drainage CCTV Surveying',
    description: 'Upskill your team to carry out and report CCTV drain surveys to the MSCC5 standard.',
    courseType: 'upskill',
    difficulty: 'intermediate',
    isActive: true,
    order: 1,
    pricePence: 149500,
    originalPricePence: 179500,
    monthlyPricePence: 26999,
    instalments: 6,
    avgSalary: 38000,
    estimatedDuration: 1,
    whatYouLearn: ['Operate a crawler and push-rod camera', 'Code defects to MSCC5', 'Write a survey report'],
    requirements: ['At least one year in drainage or groundworks'],
    careerOutcomes: ['CCTV Survey Technician', 'Drainage Surveyor'],
  },
  modules: [
    {
      title: 'Survey Equipment',
      description: 'Cameras, crawlers and sondes.',
      duration: 45,
      topics: [{ title: 'Choosing the right camera', description: 'Push-rod or crawler: which and when.' }],
    },
  ],
};

const evCharging: SeedCourse = {
  values: {
    title: 'EV Charger Installation',
    description: 'Install and commission domestic and commercial EV chargers.',
    courseType: 'upskill',
    difficulty: 'intermediate',
    isActive: false,
    order: 2,
    pricePence: 129500,
    avgSalary: 42000,
    estimatedDuration: 2,
  },
  modules: [],
};

export const DEMO_STUDENT_EMAIL = 'student@tradeskills.local';
/**
 * A second demo learner (same password as the demo student) who bought Groundworks Essentials and finished its
 * first lesson, so the demo has someone who may review a course (docs/product.md#reviews). Demo data only.
 */
const DEMO_LEARNER_EMAIL = 'learner@tradeskills.local';

/** Demo catalogue, content, quizzes, live sessions and a demo student enrolled in the featured course. */
export async function seedDemo(
  db: Db,
  // With the app's object store, every demo topic also gets the sample video and PDF (stored like an upload).
  options: { studentPassword?: string; objectStore?: ObjectStore } = {},
): Promise<{ studentEmail: string; studentPassword: string }> {
  const studentPassword = options.studentPassword ?? generatePassword(14);
  const passwordHash = await hashPassword(studentPassword);
  const demoTopics: DemoTopic[] = [];
  await db.transaction(async (tx) => {
    const courseIds: string[] = [];
    for (const course of [drainage, groundworks, cctv, evCharging]) {
      const [row] = await tx.insert(courses).values(course.values).returning({ id: courses.id });
      courseIds.push(row!.id);
      for (const [mi, mod] of course.modules.entries()) {
        const [m] = await tx
          .insert(modules)
          .values({
            courseId: row!.id,
            title: mod.title,
            description: mod.description,
            order: mi + 1,
            duration: mod.duration,
          })
          .returning({ id: modules.id });
        for (const [ti, topic] of mod.topics.entries()) {
          const [t] = await tx
            .insert(topics)
            .values({ moduleId: m!.id, title: topic.title, description: topic.description, order: ti + 1 })
            .returning({ id: topics.id });
          demoTopics.push({ id: t!.id, title: topic.title, description: topic.description });
          if (!topic.quiz) continue;
          const [q] = await tx
            .insert(quizzes)
            .values({
              topicId: t!.id,
              title: topic.quiz.title,
              description: 'Check what you learned.',
              passingScore: 80,
            })
            .returning({ id: quizzes.id });
          for (const [qi, [text, answers, correct]] of topic.quiz.questions.entries()) {
            const [question] = await tx
              .insert(quizQuestions)
              .values({ quizId: q!.id, question: text, order: qi + 1 })
              .returning({ id: quizQuestions.id });
            await tx.insert(quizAnswers).values(
              answers.map((answerText, ai) => ({
                questionId: question!.id,
                answerText,
                isCorrect: ai === correct,
                order: ai + 1,
              })),
            );
          }
        }
      }
    }

    const [student] = await tx
      .insert(users)
      .values({
        email: DEMO_STUDENT_EMAIL,
        passwordHash,
        firstName: 'Sam',
        lastName: 'Carter',
        role: 'student',
      })
      .returning({ id: users.id });
    await tx.insert(enrolments).values({ userId: student!.id, courseId: courseIds[0]!, source: 'seed' });

    const [learner] = await tx
      .insert(users)
      .values({
        email: DEMO_LEARNER_EMAIL,
        passwordHash,
        firstName: 'Jordan',
        lastName: 'Reid',
        role: 'student',
      })
      .returning({ id: users.id });
    await tx.insert(enrolments).values({ userId: learner!.id, courseId: courseIds[1]!, source: 'purchase' });
    const [firstGroundworksTopic] = await tx
      .select({ id: topics.id })
      .from(topics)
      .innerJoin(modules, eq(modules.id, topics.moduleId))
      .where(eq(modules.courseId, courseIds[1]!))
      .orderBy(asc(modules.order), asc(topics.order))
      .limit(1);
    await tx.insert(topicProgress).values({
      userId: learner!.id,
      topicId: firstGroundworksTopic!.id,
      openedAt: new Date(),
      completedAt: new Date(),
    });

    const day = 24 * 60 * 60 * 1000;
    const at = (days: number, hour: number) => {
      const d = new Date(Date.now() + days * day);
      d.setUTCHours(hour, 0, 0, 0);
      return d;
    };
    const sessions = await tx
      .insert(liveSessions)
      .values([
        {
          courseId: courseIds[0],
          title: 'Live Q&A: reading drainage plans',
          description: 'Bring your questions on symbols, levels and falls.',
          startTime: at(2, 17),
          endTime: at(2, 18),
          sessionType: 'online',
          location: 'Online (link shared before the session)',
        },
        {
          courseId: courseIds[0],
          title: 'Practical day: air testing',
          description: 'Hands-on testing at our Birmingham training centre.',
          startTime: at(5, 9),
          endTime: at(5, 15),
          sessionType: 'in_person',
          location: 'TradeSkills Training Centre, Birmingham',
        },
      ])
      .returning({ id: liveSessions.id });
    await tx.insert(liveSessionAttendees).values({ sessionId: sessions[0]!.id, userId: student!.id });
    await seedDemoStandard(tx);
  });
  if (options.objectStore) await seedDemoMedia({ db, objectStore: options.objectStore }, demoTopics);
  return { studentEmail: DEMO_STUDENT_EMAIL, studentPassword };
}
