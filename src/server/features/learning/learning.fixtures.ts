import type { Db } from '#server/db/client.ts';
import {
  courses,
  enrolments,
  modules,
  quizAnswers,
  quizQuestions,
  quizzes,
  topics,
} from '#server/db/schema/index.ts';

// A small course for the learning tests: module A (video+quiz, quiz only, nothing), module B (video only).

export interface QuizFixture {
  id: string;
  questions: { id: string; correct: string; wrong: string }[];
}

export async function createCourse(db: Db, title: string) {
  const [course] = await db
    .insert(courses)
    .values({ title, description: `${title} description` })
    .returning();
  return course!;
}

export async function createModule(db: Db, courseId: string, order: number, title = `Module ${order}`) {
  const [mod] = await db
    .insert(modules)
    .values({ courseId, title, description: `${title} text`, order })
    .returning();
  return mod!;
}

export async function createTopic(
  db: Db,
  moduleId: string,
  order: number,
  values: Partial<typeof topics.$inferInsert> = {},
) {
  const [topic] = await db
    .insert(topics)
    .values({ moduleId, title: `Topic ${order}`, description: `Topic ${order} text`, order, ...values })
    .returning();
  return topic!;
}

export async function createQuiz(
  db: Db,
  topicId: string,
  questionCount = 2,
  passingScore = 80,
): Promise<QuizFixture> {
  const [quiz] = await db.insert(quizzes).values({ topicId, title: 'Check', passingScore }).returning();
  const questions: QuizFixture['questions'] = [];
  for (let i = 1; i <= questionCount; i++) {
    const [q] = await db
      .insert(quizQuestions)
      .values({
        quizId: quiz!.id,
        question: `Question ${i}?`,
        order: i,
        imagePath: i === 1 ? '/objects/q1.png' : null,
      })
      .returning();
    const answers = await db
      .insert(quizAnswers)
      .values(
        [1, 2, 3, 4].map((order) => ({
          questionId: q!.id,
          answerText: `Answer ${order}`,
          order,
          isCorrect: order === 2,
        })),
      )
      .returning();
    questions.push({ id: q!.id, correct: answers[1]!.id, wrong: answers[0]!.id });
  }
  return { id: quiz!.id, questions };
}

export async function enrol(db: Db, userId: string, courseId: string) {
  await db.insert(enrolments).values({ userId, courseId });
}

export async function buildCourse(db: Db, title = 'Drainage') {
  const course = await createCourse(db, title);
  const moduleA = await createModule(db, course.id, 1, 'Module A');
  const moduleB = await createModule(db, course.id, 2, 'Module B');
  const t1 = await createTopic(db, moduleA.id, 1, {
    videoPath: '/objects/video-1.mp4',
    videoDurationSeconds: 60,
    presentationPath: '/objects/slides-1.pdf',
  });
  const t2 = await createTopic(db, moduleA.id, 2);
  const t3 = await createTopic(db, moduleA.id, 3);
  const t4 = await createTopic(db, moduleB.id, 1, { videoPath: '/objects/video-4.mp4' });
  const quiz1 = await createQuiz(db, t1.id, 2);
  const quiz2 = await createQuiz(db, t2.id, 1);
  return { course, moduleA, moduleB, t1, t2, t3, t4, quiz1, quiz2 };
}
