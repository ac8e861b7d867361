import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderWithApp } from '#client/test/render.tsx';
import type { Quiz, QuizAttemptResult } from '#shared/schemas/learning.ts';
import { QuizPanel } from './quiz-panel.tsx';

// The student's quiz: what the server sends (no answer keys) is what the panel shows; the server grades.

const TOPIC = 't-1';

function quiz(overrides: Partial<Quiz> = {}): Quiz {
  return {
    id: 'q-1',
    topicId: TOPIC,
    title: 'Falls and gradients',
    description: 'Two quick questions.',
    passingScore: 100,
    questions: [
      {
        id: 'qq-1',
        question: 'What fall does a 100 mm drain need?',
        imagePath: null,
        questionType: 'multiple_choice',
        points: 1,
        order: 0,
        answers: [
          { id: 'a-1', answerText: '1 in 40', order: 0 },
          { id: 'a-2', answerText: '1 in 400', order: 1 },
        ],
      },
      {
        id: 'qq-2',
        question: 'Which pipe carries rainwater?',
        imagePath: null,
        questionType: 'multiple_choice',
        points: 1,
        order: 1,
        answers: [
          { id: 'b-1', answerText: 'Surface water', order: 0 },
          { id: 'b-2', answerText: 'Foul', order: 1 },
        ],
      },
    ],
    attempts: [],
    passed: false,
    maxAttempts: 3,
    attemptsRemaining: 3,
    cooldownMinutes: 0,
    nextAttemptAt: null,
    shuffleAnswers: false,
    ...overrides,
  };
}

function result(overrides: Partial<QuizAttemptResult>): QuizAttemptResult {
  return {
    id: 'at-1',
    score: 50,
    passed: false,
    pointsEarned: 1,
    pointsPossible: 2,
    createdAt: '2026-11-24T10:00:00.000Z',
    passingScore: 100,
    topicCompleted: false,
    nextTopicId: null,
    moduleProgressPercentage: '0',
    questions: [],
    attemptsRemaining: 2,
    nextAttemptAt: null,
    ...overrides,
  };
}

/** The server: GET the quiz, POST an attempt (answered by `attempt`); every call is recorded. */
function server(current: () => Quiz, attempt: (body: unknown) => Response) {
  return mockFetch((url, init) => {
    if (url === `/api/topics/${TOPIC}/quiz` && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(current());
    if (url === `/api/topics/${TOPIC}/quiz/attempts` && init?.method === 'POST')
      return attempt(JSON.parse(String(init.body)));
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

const toastRegion = async () => screen.findByRole('region', { name: /Notifications/ });

async function answer(user: ReturnType<typeof userEvent.setup>, labels: string[]) {
  for (const label of labels)
    await user.click(screen.getByRole('radio', { name: new RegExp(`^[A-F]\\.\\s*${label}$`) }));
}

describe('QuizPanel', () => {
  it('starts with one toast, sends the chosen answers, and shows which were wrong without the right answer', async () => {
    const posted: unknown[] = [];
    server(
      () => quiz(),
      (body) => {
        posted.push(body);
        return jsonResponse(
          result({
            questions: [
              { questionId: 'qq-1', correct: true, correctAnswerId: null },
              { questionId: 'qq-2', correct: false, correctAnswerId: null },
            ],
          }),
          201,
        );
      },
    );
    const onPassed = vi.fn();
    renderWithApp(<QuizPanel topicId={TOPIC} enabled onPassed={onPassed} onNextTopic={vi.fn()} />);
    expect(await screen.findByText(/2 questions · pass mark 100% · 3 attempts left/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start Quiz' }));
    expect(await within(await toastRegion()).findByText('Quiz Started')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit Answers' });
    expect(submit).toBeDisabled();
    await answer(user, ['1 in 40', 'Foul']);
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'Quiz Failed' })).toBeInTheDocument();
    expect(posted).toEqual([
      {
        answers: [
          { questionId: 'qq-1', answerId: 'a-1' },
          { questionId: 'qq-2', answerId: 'b-2' },
        ],
      },
    ]);
    const answers = screen.getByRole('list', { name: 'Your answers' });
    const [first, second] = within(answers).getAllByRole('listitem');
    expect(first).toHaveTextContent(/Question 1: What fall.*Correct/);
    expect(second).toHaveTextContent(/Question 2: Which pipe.*Wrong/);
    expect(answers).not.toHaveTextContent('Answer:');
    // The start toast never covers the result.
    await waitFor(() => expect(screen.queryByText('Quiz Started')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Retry Quiz/ })).toBeInTheDocument();
    expect(onPassed).not.toHaveBeenCalled();
  });

  it('after a pass shows the right answers the server sent and opens the next topic', async () => {
    server(
      () => quiz(),
      () =>
        jsonResponse(
          result({
            score: 100,
            passed: true,
            pointsEarned: 2,
            topicCompleted: true,
            nextTopicId: 't-2',
            questions: [
              { questionId: 'qq-1', correct: true, correctAnswerId: 'a-1' },
              { questionId: 'qq-2', correct: true, correctAnswerId: 'b-1' },
            ],
          }),
          201,
        ),
    );
    const onPassed = vi.fn();
    const onNextTopic = vi.fn();
    renderWithApp(<QuizPanel topicId={TOPIC} enabled onPassed={onPassed} onNextTopic={onNextTopic} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await answer(user, ['1 in 40', 'Surface water']);
    await user.click(screen.getByRole('button', { name: 'Submit Answers' }));

    expect(await screen.findByRole('heading', { name: 'Quiz Passed!' })).toBeInTheDocument();
    const answers = screen.getByRole('list', { name: 'Your answers' });
    expect(answers).toHaveTextContent('Answer: 1 in 40');
    expect(answers).toHaveTextContent('Answer: Surface water');
    expect(onPassed).toHaveBeenCalledWith(expect.objectContaining({ passed: true, nextTopicId: 't-2' }));
    await user.click(screen.getByRole('button', { name: /Next Topic/ }));
    expect(onNextTopic).toHaveBeenCalledWith('t-2');
  });

  it('cannot be started while a cooldown runs, and says when it opens', async () => {
    const opens = new Date(Date.now() + 30 * 60_000).toISOString();
    server(
      () => quiz({ attemptsRemaining: 2, nextAttemptAt: opens }),
      () => jsonResponse({}, 500),
    );
    renderWithApp(<QuizPanel topicId={TOPIC} enabled onPassed={vi.fn()} onNextTopic={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Start Quiz' })).toBeDisabled();
    expect(screen.getByTestId('quiz-blocked')).toHaveTextContent(/^You can try again from /);
  });

  it('says so when every attempt is used', async () => {
    server(
      () => quiz({ attemptsRemaining: 0 }),
      () => jsonResponse({}, 500),
    );
    renderWithApp(<QuizPanel topicId={TOPIC} enabled onPassed={vi.fn()} onNextTopic={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Start Quiz' })).toBeDisabled();
    expect(screen.getByTestId('quiz-blocked')).toHaveTextContent(
      'You have used all your attempts. Ask your tutor to reset them.',
    );
  });

  it('goes back to the start with the server’s reason when an attempt is refused', async () => {
    let refused = false;
    const opens = new Date(Date.now() + 10 * 60_000).toISOString();
    server(
      () => quiz(refused ? { nextAttemptAt: opens } : {}),
      () => {
        refused = true;
        return jsonResponse(
          { message: 'Wait 10 minutes before trying again.', code: 'QUIZ_COOLDOWN', nextAttemptAt: opens },
          409,
        );
      },
    );
    renderWithApp(<QuizPanel topicId={TOPIC} enabled onPassed={vi.fn()} onNextTopic={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await answer(user, ['1 in 40', 'Foul']);
    await user.click(screen.getByRole('button', { name: 'Submit Answers' }));

    expect(
      await within(await toastRegion()).findByText('Wait 10 minutes before trying again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Quiz' })).toBeDisabled());
    expect(screen.getByTestId('quiz-blocked')).toHaveTextContent(/^You can try again from /);
  });
});
