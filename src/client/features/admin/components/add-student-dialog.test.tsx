import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithApp } from '#client/test/render.tsx';
import type { AdminCourse } from '#shared/schemas/admin-content.ts';
import { AddStudentDialog } from './add-student-dialog.tsx';

// Add Student: the course list says which courses would surprise a new student, and a bad form says what is
// wrong under each field without calling the server.

function course(values: Pick<AdminCourse, 'id' | 'title' | 'courseType' | 'isActive' | 'moduleCount'>) {
  return {
    description: '',
    difficulty: 'Beginner',
    isFeatured: false,
    order: 0,
    price: '99.00',
    originalPrice: null,
    monthlyPrice: '33.00',
    instalments: 3,
    avgSalary: null,
    estimatedDuration: 6,
    headerImagePath: null,
    featuredImagePath: null,
    whatYouLearn: [],
    requirements: [],
    careerOutcomes: [],
    enrolmentCount: 0,
    videoCount: 0,
    captionedVideoCount: 0,
    rating: null,
    enrolledCount: null,
    showEnrolmentCount: false,
    ...values,
  } satisfies AdminCourse;
}

const COURSES = [
  course({ id: 'c-1', title: 'Drainage', courseType: 'fundamental', isActive: true, moduleCount: 3 }),
  course({ id: 'c-2', title: 'Draft upskill', courseType: 'upskill', isActive: false, moduleCount: 0 }),
];

function renderDialog() {
  const fetchMock = mockFetch((url) =>
    url === '/api/admin/courses'
      ? jsonResponse(COURSES)
      : jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404),
  );
  renderWithApp(<AddStudentDialog />, { path: '/admin' });
  return fetchMock;
}

describe('AddStudentDialog', () => {
  it('labels each course with its type and what would surprise a student, and warns under the field', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Student' });
    const select = within(dialog).getByLabelText('Course *');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Select a course',
        'Drainage (Fundamental)',
        'Draft upskill (Upskill, inactive, no modules yet)',
      ]),
    );
    await user.selectOptions(select, 'c-2');
    expect(
      within(dialog).getByText(
        'This course is inactive and has no modules yet: the student will see an empty course.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(select, 'c-1');
    expect(within(dialog).queryByText(/This course is inactive/)).not.toBeInTheDocument();
  });

  it('shows each error under its field, focuses the first, and sends nothing', async () => {
    const fetchMock = renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Student' });
    await user.click(within(dialog).getByRole('button', { name: /Create Student|Add Student/ }));

    const firstName = within(dialog).getByLabelText(/^First name/);
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(/.+/);
    expect(within(dialog).getByLabelText('Course *')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/admin/students');
  });
});
