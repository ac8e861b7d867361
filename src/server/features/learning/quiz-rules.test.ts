import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quizAttempts } from '#server/db/schema/index.ts';
import { createCourse, createModule, createTopic, enrol } from '#server/test/factories.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { shuffledFor } from './quiz.service.ts';

// The per-quiz attempt rules (README 'Quizzes'), set through the admin quiz body and enforced on attempts.

let t: TestContext;
let student: TestUser;
let otherStudent: TestUser;
let admin: TestUser;
let topicId: string;
const cookies = { student: '', other: '', admin: '' };

function call(
  who: keyof typeof cookies,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: cookies[who] },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const questions = [1, 2, 3].map((n) => ({
  question: `Question ${n}?`,
  answers: [1, 2, 3, 4].map((a) => ({ answerText: `Q${n} answer ${a}`, isCorrect: a === 2 })),
}));

interface StudentQuiz {
  questions: { id: string; answers: { id: string; answerText: string }[] }[];
  attemptsRemaining: number | null;
  nextAttemptAt: string | null;
  maxAttempts: number | null;
}

async function studentQuiz(who: 'student' | 'other' = 'student'): Promise<StudentQuiz> {
  const res = await call(who, 'GET', `/api/topics/${topicId}/quiz`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Answers the first `right` questions correctly (answer text "… answer 2") and the rest wrongly. */
function answersFor(quiz: StudentQuiz, right: number) {
  return quiz.questions.map((q, i) => ({
    questionId: q.id,
    answerId: q.answers.find((a) => a.answerText.endsWith(i < right ? 'answer 2' : 'answer 1'))!.id,
  }));
}

async function setRules(rules: Record<string, unknown>, where: 'quiz' | 'top' = 'quiz') {
  const body =
    where === 'quiz'
      ? { quiz: { title: 'Check', passingScore: 100, ...rules }, questions }
      : { quiz: { title: 'Check', passingScore: 100 }, questions, ...rules };
  const res = await call('admin', 'PUT', `/api/admin/topics/${topicId}/quiz`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Moves the student's attempts into the past, as if `minutes` had gone by. */
async function age(userId: string, minutes: number) {
  await t.db
    .update(quizAttempts)
    .set({ createdAt: sql`${quizAttempts.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(quizAttempts.userId, userId));
}

beforeAll(async () => {
  t = await createTestApp();
  const course = await createCourse(t.db, 'Scaffolding');
  const mod = await createModule(t.db, course.id, 1);
  topicId = (await createTopic(t.db, mod.id, 1)).id;
  student = await t.createUser({ firstName: 'Sam' });
  otherStudent = await t.createUser({ firstName: 'Olly' });
  admin = await t.createUser({ role: 'admin' });
  await enrol(t.db, student.id, course.id);
  await enrol(t.db, otherStudent.id, course.id);
  cookies.student = await t.login(student);
  cookies.other = await t.login(otherStudent);
  cookies.admin = await t.login(admin);
  const created = await call('admin', 'POST', `/api/admin/topics/${topicId}/quiz`, {
    quiz: { title: 'Check', passingScore: 100 },
    questions,
  });
  expect(created.statusCode).toBe(201);
  // A new quiz takes the defaults: unlimited, no cooldown, fixed order, answers not shown.
  expect(created.json()).toMatchObject({
    maxAttempts: null,
    cooldownMinutes: 0,
    shuffleAnswers: false,
    showCorrectAnswers: false,
  });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(quizAttempts);
});

describe('the admin quiz body', () => {
  it('stores the rules inside quiz or at the top level, keeps them when an edit leaves them out', async () => {
    const set = await setRules({
      maxAttempts: 3,
      cooldownMinutes: 10,
      shuffleAnswers: true,
      showCorrectAnswers: true,
    });
    expect(set).toMatchObject({
      maxAttempts: 3,
      cooldownMinutes: 10,
      shuffleAnswers: true,
      showCorrectAnswers: true,
    });
    const kept = await setRules({});
    expect(kept).toMatchObject({
      maxAttempts: 3,
      cooldownMinutes: 10,
      shuffleAnswers: true,
      showCorrectAnswers: true,
    });
    const top = await setRules({ maxAttempts: null, cooldownMinutes: 0, shuffleAnswers: false }, 'top');
    expect(top).toMatchObject({
      maxAttempts: null,
      cooldownMinutes: 0,
      shuffleAnswers: false,
      showCorrectAnswers: true,
    });
    expect((await call('admin', 'GET', `/api/admin/topics/${topicId}/quiz`)).json()).toMatchObject({
      maxAttempts: null,
      showCorrectAnswers: true,
    });
  });

  it('refuses rules out of range with a 400 naming the rule', async () => {
    for (const rules of [
      { maxAttempts: 0 },
      { maxAttempts: 1.5 },
      { cooldownMinutes: -1 },
      { cooldownMinutes: 20_000 },
    ]) {
      const res = await call('admin', 'PUT', `/api/admin/topics/${topicId}/quiz`, {
        quiz: { title: 'Check', ...rules },
        questions,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Maximum attempts|Cooldown/);
    }
    const students = await call('student', 'PUT', `/api/admin/topics/${topicId}/quiz`, {
      quiz: { title: 'Check', maxAttempts: 100 },
      questions,
    });
    expect(students.statusCode).toBe(403);
  });
});

describe('attempts under the rules', () => {
  it('says which questions were wrong, without the right answer until a pass', async () => {
    await setRules({
      maxAttempts: null,
      cooldownMinutes: 0,
      shuffleAnswers: false,
      showCorrectAnswers: true,
    });
    const quiz = await studentQuiz();
    const fail = await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, {
      answers: answersFor(quiz, 2),
    });
    expect(fail.statusCode).toBe(201);
    const failed = fail.json();
    expect(failed.passed).toBe(false);
    expect(failed.questions).toEqual(quiz.questions.map((q, i) => ({ questionId: q.id, correct: i < 2 })));
    expect(fail.body).not.toContain('correctAnswerId');
    const pass = (
      await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, { answers: answersFor(quiz, 3) })
    ).json();
    expect(pass.passed).toBe(true);
    expect(pass.questions).toEqual(
      quiz.questions.map((q) => ({
        questionId: q.id,
        correct: true,
        correctAnswerId: q.answers.find((a) => a.answerText.endsWith('answer 2'))!.id,
      })),
    );
    // A quiz that does not show answers never does, even after a pass.
    await setRules({ showCorrectAnswers: false });
    const again = await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, {
      answers: answersFor(await studentQuiz(), 3),
    });
    expect(again.json().passed).toBe(true);
    expect(again.body).not.toContain('correctAnswerId');
  });

  it('stops at the maximum with 409 QUIZ_ATTEMPTS_EXHAUSTED until an admin resets the attempts', async () => {
    await setRules({ maxAttempts: 2, cooldownMinutes: 0 });
    let quiz = await studentQuiz();
    expect(quiz).toMatchObject({ maxAttempts: 2, attemptsRemaining: 2 });
    const first = await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, {
      answers: answersFor(quiz, 0),
    });
    expect(first.json().attemptsRemaining).toBe(1);
    await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, { answers: answersFor(quiz, 1) });
    quiz = await studentQuiz();
    expect(quiz.attemptsRemaining).toBe(0);
    const third = await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, {
      answers: answersFor(quiz, 3),
    });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'QUIZ_ATTEMPTS_EXHAUSTED', maxAttempts: 2, attemptsUsed: 2 });
    // The refused attempt left nothing behind; another student's count is their own.
    const rows = await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, student.id));
    expect(rows).toHaveLength(2);
    expect((await studentQuiz('other')).attemptsRemaining).toBe(2);
    // The admin reset opens the quiz again.
    const reset = await call('admin', 'DELETE', `/api/admin/students/${student.id}/quiz-attempts`);
    expect(reset.json()).toEqual({ deleted: 2 });
    const after = await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, {
      answers: answersFor(await studentQuiz(), 3),
    });
    expect(after.statusCode).toBe(201);
  });

  it('stores exactly the maximum when attempts arrive at once', async () => {
    await setRules({ maxAttempts: 2, cooldownMinutes: 0 });
    const quiz = await studentQuiz();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, { answers: answersFor(quiz, 0) }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const rows = await t.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, student.id)));
    expect(rows).toHaveLength(2);
  });

  it('refuses an attempt inside the cooldown with 409 QUIZ_COOLDOWN and when the next one opens', async () => {
    await setRules({ maxAttempts: null, cooldownMinutes: 30 });
    const quiz = await studentQuiz();
    expect(quiz.nextAttemptAt).toBeNull();
    const first = await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, {
      answers: answersFor(quiz, 0),
    });
    const opens = Date.parse(first.json().nextAttemptAt);
    expect(opens - Date.parse(first.json().createdAt)).toBe(30 * 60_000);
    const early = await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, {
      answers: answersFor(quiz, 3),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'QUIZ_COOLDOWN',
      nextAttemptAt: new Date(opens).toISOString(),
    });
    expect((await studentQuiz()).nextAttemptAt).toBe(new Date(opens).toISOString());
    // Admins previewing the portal are not held to it.
    expect(
      (await call('admin', 'POST', `/api/topics/${topicId}/quiz/attempts`, { answers: answersFor(quiz, 0) }))
        .statusCode,
    ).toBe(201);
    await age(student.id, 31);
    expect((await studentQuiz()).nextAttemptAt).toBeNull();
    const later = await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, {
      answers: answersFor(quiz, 3),
    });
    expect(later.statusCode).toBe(201);
  });

  it('shuffles the answers per attempt when asked, the same on a reload', async () => {
    await setRules({ maxAttempts: null, cooldownMinutes: 0, shuffleAnswers: false });
    const fixed = await studentQuiz();
    for (const q of fixed.questions) {
      expect(q.answers.map((a) => a.answerText.slice(-1))).toEqual(['1', '2', '3', '4']);
    }
    await setRules({ shuffleAnswers: true });
    const orders: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const quiz = await studentQuiz();
      const reload = await studentQuiz();
      expect(reload.questions).toEqual(quiz.questions);
      orders.push(quiz.questions.map((q) => q.answers.map((a) => a.answerText.slice(-1)).join('')).join('|'));
      // The same answers, only in another order.
      for (const q of quiz.questions)
        expect(q.answers.map((a) => a.answerText.slice(-1)).sort()).toEqual(['1', '2', '3', '4']);
      await call('student', 'POST', `/api/topics/${topicId}/quiz/attempts`, { answers: answersFor(quiz, 0) });
    }
    expect(new Set(orders).size).toBeGreaterThan(1);
  });
});

describe('shuffledFor', () => {
  it('is a permutation fixed by its seed', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(shuffledFor(items, 'a')).toEqual(shuffledFor(items, 'a'));
    expect([...shuffledFor(items, 'a')].sort((x, y) => x - y)).toEqual(items);
    expect(shuffledFor(items, 'a')).not.toEqual(shuffledFor(items, 'b'));
  });
});
