import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courses,
  enrolments,
  modules,
  quizAnswers,
  quizQuestions,
  quizzes,
  topics,
} from '#server/db/schema/index.ts';
import { onInvalidate } from '#server/lib/invalidation.service.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: admin } });

const course = (extra: Record<string, unknown> = {}) => ({
  title: 'Solar PV',
  description: 'Install panels',
  courseType: 'upskill',
  order: 2,
  avgSalary: '£38,500',
  price: '249.50',
  estimatedDuration: '',
  ...extra,
});

describe('courses', () => {
  it('creates with the spec defaults and DESIGN money/duration rules, and invalidates the catalogue', async () => {
    let invalidated = 0;
    const stop = onInvalidate(t.database, 'catalog', () => invalidated++);
    const res = await call('POST', '/api/admin/courses', course());
    stop();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Solar PV',
      courseType: 'upskill',
      difficulty: 'beginner',
      order: 2,
      avgSalary: 38500,
      price: '249.50',
      originalPrice: null,
      monthlyPrice: '41.59',
      instalments: 6,
      estimatedDuration: 4,
      isActive: true,
      isFeatured: false,
      moduleCount: 0,
      enrolmentCount: 0,
    });
    expect(invalidated).toBeGreaterThan(0);
    const blankPrice = await call('POST', '/api/admin/courses', course({ price: '', estimatedDuration: 0 }));
    expect(blankPrice.json()).toMatchObject({ price: '99.99', estimatedDuration: 0 });
  });

  it.each([
    [{ title: ' ' }, 'Title is required'],
    [{ description: '' }, 'Description is required'],
    [{ order: -1 }, 'Display order must be a whole number of at least 0'],
    [{ order: 1.5 }, 'Display order must be a whole number of at least 0'],
    [{ estimatedDuration: -2 }, 'Duration must be a whole number of weeks, at least 0'],
    [{ price: 'abc' }, 'Price must be an amount in pounds, e.g. 99.99'],
  ])('validates %o: %s', async (change, message) => {
    const res = await call('POST', '/api/admin/courses', course(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
  });

  it('updates every field, sorts Fundamental before Upskill then by order', async () => {
    const a = (
      await call('POST', '/api/admin/courses', course({ title: 'Zeta', courseType: 'fundamental', order: 5 }))
    ).json();
    const updated = await call('PUT', `/api/admin/courses/${a.id}`, {
      ...course({ title: 'Zeta 2', courseType: 'fundamental', order: 1 }),
      difficulty: 'intermediate',
      originalPrice: '300',
      monthlyPrice: '45.00',
      instalments: 3,
      isActive: false,
      isFeatured: true,
      whatYouLearn: ['Wiring', ' ', 'Testing'],
      requirements: ['Level 2'],
      careerOutcomes: ['Installer'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Zeta 2',
      difficulty: 'intermediate',
      originalPrice: '300.00',
      monthlyPrice: '45.00',
      instalments: 3,
      isActive: false,
      isFeatured: true,
      whatYouLearn: ['Wiring', 'Testing'],
    });
    const list = (await call('GET', '/api/admin/courses')).json() as { courseType: string; order: number }[];
    const keys = list.map((c) => `${c.courseType}:${String(c.order).padStart(3, '0')}`);
    expect(keys).toEqual([...keys].sort());
    expect(list[0]!.courseType).toBe('fundamental');
  });

  it('refuses to delete a course with enrolled students, suggesting deactivation', async () => {
    const c = (await call('POST', '/api/admin/courses', course())).json();
    const student = await t.createUser();
    await t.db.insert(enrolments).values({ userId: student.id, courseId: c.id });
    const card = (await call('GET', '/api/admin/courses')).json().find((x: { id: string }) => x.id === c.id);
    expect(card.enrolmentCount).toBe(1);
    const res = await call('DELETE', `/api/admin/courses/${c.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This course has 1 enrolled student and cannot be deleted. Deactivate it instead (Edit Info → untick Active) to hide it from the catalogue.',
    );
    expect(await t.db.select().from(courses).where(eq(courses.id, c.id))).toHaveLength(1);
  });

  it('deletes a course with its modules, topics and quizzes', async () => {
    const c = (await call('POST', '/api/admin/courses', course())).json();
    const m = (
      await call('POST', `/api/admin/courses/${c.id}/modules`, {
        title: 'M',
        description: 'd',
        order: 0,
        duration: 90,
        courseId: c.id,
      })
    ).json();
    const tp = (
      await call('POST', `/api/admin/modules/${m.id}/topics`, {
        title: 'T',
        description: 'd',
        order: 0,
        moduleId: m.id,
      })
    ).json();
    await call('POST', `/api/admin/topics/${tp.id}/quiz`, quiz());
    expect((await call('DELETE', `/api/admin/courses/${c.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(modules).where(eq(modules.courseId, c.id))).toHaveLength(0);
    expect(await t.db.select().from(topics).where(eq(topics.id, tp.id))).toHaveLength(0);
    expect(await t.db.select().from(quizzes).where(eq(quizzes.topicId, tp.id))).toHaveLength(0);
    expect((await call('DELETE', `/api/admin/courses/${c.id}`)).statusCode).toBe(404);
  });
});

describe('modules and topics', () => {
  it('creates, lists in order, edits and deletes (cascading to topics)', async () => {
    const c = (await call('POST', '/api/admin/courses', course())).json();
    const m1 = await call('POST', `/api/admin/courses/${c.id}/modules`, {
      title: 'Second',
      description: 'd',
      order: 2,
      duration: 90,
    });
    expect(m1.statusCode).toBe(201);
    expect(m1.json()).toMatchObject({ title: 'Second', duration: 90, order: 2, topicCount: 0 });
    await call('POST', `/api/admin/courses/${c.id}/modules`, {
      title: 'First',
      description: 'd',
      order: 1,
      duration: '',
    });
    const list = (await call('GET', `/api/admin/courses/${c.id}/modules`)).json();
    expect(list.map((m: { title: string }) => m.title)).toEqual(['First', 'Second']);
    const card = (await call('GET', '/api/admin/courses')).json().find((x: { id: string }) => x.id === c.id);
    expect(card).toMatchObject({ moduleCount: 2, enrolmentCount: 0 });
    expect(list[0].duration).toBe(0);
    const edited = await call('PUT', `/api/admin/modules/${m1.json().id}`, {
      title: 'Second!',
      description: 'e',
      order: 3,
      duration: 30,
    });
    expect(edited.json()).toMatchObject({ title: 'Second!', order: 3, duration: 30 });
    const topic = await call('POST', `/api/admin/modules/${m1.json().id}/topics`, {
      title: 'Intro',
      description: 'x',
      order: 0,
    });
    expect(topic.statusCode).toBe(201);
    expect(topic.json()).toMatchObject({
      title: 'Intro',
      videoPath: null,
      presentationPath: null,
      quiz: null,
    });
    const listed = (await call('GET', `/api/admin/courses/${c.id}/modules`)).json();
    expect(listed.find((m: { id: string }) => m.id === m1.json().id).topicCount).toBe(1);
    const te = await call('PUT', `/api/admin/topics/${topic.json().id}`, {
      title: 'Intro 2',
      description: 'y',
      order: 1,
    });
    expect(te.json()).toMatchObject({ title: 'Intro 2', order: 1 });
    expect((await call('DELETE', `/api/admin/modules/${m1.json().id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(topics).where(eq(topics.id, topic.json().id))).toHaveLength(0);
    expect((await call('GET', `/api/admin/modules/${m1.json().id}/topics`)).statusCode).toBe(404);
  });

  it.each([
    ['modules', { title: '', description: 'd' }, 'Title is required'],
    ['modules', { title: 't', description: ' ' }, 'Description is required'],
    ['modules', { title: 't', description: 'd', order: -1 }, 'Order must be a whole number of at least 0'],
    ['topics', { title: '', description: 'd' }, 'Title is required'],
    ['topics', { title: 't', description: '' }, 'Description is required'],
    ['topics', { title: 't', description: 'd', order: -3 }, 'Order must be a whole number of at least 0'],
  ])('validates %s %o: %s', async (kind, body, message) => {
    const c = (await call('POST', '/api/admin/courses', course())).json();
    let url = `/api/admin/courses/${c.id}/modules`;
    if (kind === 'topics') {
      const m = (await call('POST', url, { title: 'M', description: 'd' })).json();
      url = `/api/admin/modules/${m.id}/topics`;
    }
    const res = await call('POST', url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
  });

  it('deletes a topic with its quiz', async () => {
    const c = (await call('POST', '/api/admin/courses', course())).json();
    const m = (
      await call('POST', `/api/admin/courses/${c.id}/modules`, { title: 'M', description: 'd' })
    ).json();
    const tp = (
      await call('POST', `/api/admin/modules/${m.id}/topics`, { title: 'T', description: 'd' })
    ).json();
    const q = (await call('POST', `/api/admin/topics/${tp.id}/quiz`, quiz())).json();
    expect((await call('DELETE', `/api/admin/topics/${tp.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, q.id))).toHaveLength(0);
  });
});

function quiz(extra: Record<string, unknown> = {}) {
  return {
    quiz: { title: 'Check', description: '', passingScore: '' },
    questions: [
      {
        question: 'Which pipe?',
        answers: [
          { answerText: '110 mm', isCorrect: true },
          { answerText: '50 mm', isCorrect: false },
          { answerText: '', isCorrect: false },
          { answerText: '', isCorrect: false },
        ],
      },
      // Dropped: no correct answer.
      { question: 'Dropped', answers: [{ answerText: 'a', isCorrect: false }] },
      // Dropped: no text.
      { question: ' ', answers: [{ answerText: 'a', isCorrect: true }] },
      // Dropped: two correct answers.
      {
        question: 'Two',
        answers: [
          { answerText: 'a', isCorrect: true },
          { answerText: 'b', isCorrect: true },
        ],
      },
    ],
    ...extra,
  };
}

describe('quizzes', () => {
  let topicId: string;
  beforeAll(async () => {
    const c = (await call('POST', '/api/admin/courses', course())).json();
    const m = (
      await call('POST', `/api/admin/courses/${c.id}/modules`, { title: 'M', description: 'd' })
    ).json();
    topicId = (
      await call('POST', `/api/admin/modules/${m.id}/topics`, { title: 'T', description: 'd' })
    ).json().id;
  });

  it.each([
    [{ quiz: { title: ' ', passingScore: 80 } }, 'Quiz title is required'],
    [{ questions: [] }, 'At least one valid question with correct answer is required'],
    [
      { questions: [{ question: 'Q', answers: [{ answerText: 'a', isCorrect: false }] }] },
      'At least one valid question with correct answer is required',
    ],
    [
      { questions: [{ question: 'Q', answers: [{ answerText: '', isCorrect: true }] }] },
      'At least one valid question with correct answer is required',
    ],
    [{ quiz: { title: 'T', passingScore: 0 } }, 'Passing score must be between 1 and 100'],
    [{ quiz: { title: 'T', passingScore: 101 } }, 'Passing score must be between 1 and 100'],
  ])('validates %o: %s', async (change, message) => {
    const res = await call('POST', `/api/admin/topics/${topicId}/quiz`, quiz(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
  });

  it('creates a quiz (invalid questions dropped, blank answers dropped, passing score 80 when blank)', async () => {
    const res = await call('POST', `/api/admin/topics/${topicId}/quiz`, quiz());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Check',
      passingScore: 80,
      questions: [
        {
          question: 'Which pipe?',
          questionType: 'multiple_choice',
          points: 1,
          order: 1,
          imagePath: null,
          answers: [
            { answerText: '110 mm', isCorrect: true, order: 1 },
            { answerText: '50 mm', isCorrect: false, order: 2 },
          ],
        },
      ],
    });
    const again = await call('POST', `/api/admin/topics/${topicId}/quiz`, quiz());
    expect(again.statusCode).toBe(409);
    const topicsList = (
      await call(
        'GET',
        `/api/admin/modules/${(await t.db.select().from(topics).where(eq(topics.id, topicId)))[0]!.moduleId}/topics`,
      )
    ).json();
    expect(topicsList[0].quiz).toMatchObject({ title: 'Check', questionCount: 1 });
  });

  it('edits a quiz (questions replaced) and deletes it', async () => {
    const res = await call('PUT', `/api/admin/topics/${topicId}/quiz`, {
      quiz: { title: 'Check 2', passingScore: 50 },
      questions: [
        { question: 'One', answers: [{ answerText: 'x', isCorrect: true }] },
        {
          question: 'Two',
          answers: [
            { answerText: 'y', isCorrect: false },
            { answerText: 'z', isCorrect: true },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().passingScore).toBe(50);
    expect(
      res.json().questions.map((q: { question: string; order: number }) => [q.question, q.order]),
    ).toEqual([
      ['One', 1],
      ['Two', 2],
    ]);
    const fetched = await call('GET', `/api/admin/topics/${topicId}/quiz`);
    expect(fetched.json().title).toBe('Check 2');
    expect((await call('DELETE', `/api/admin/topics/${topicId}/quiz`)).statusCode).toBe(204);
    expect(await t.db.select().from(quizAnswers)).toHaveLength(0);
    expect((await call('GET', `/api/admin/topics/${topicId}/quiz`)).statusCode).toBe(404);
  });
});
