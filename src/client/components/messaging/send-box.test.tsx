import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#client/test/render.tsx';
import type { Message } from '#shared/schemas/messaging.ts';
import { senderLabel } from './messaging-api.ts';
import { SendBox } from './send-box.tsx';

const message: Message = {
  id: 'm1',
  conversationId: 'c1',
  senderId: 'u1',
  sender: { firstName: 'Sam', email: 'sam@example.com' },
  content: 'Hello',
  createdAt: '2026-11-21T12:00:00.000Z',
};

describe('SendBox (the send rules of docs/product.md#messaging)', () => {
  it('is disabled while the text is blank, sends the trimmed text once and clears', async () => {
    let release: (m: Message) => void = () => {};
    const send = vi.fn(() => new Promise<Message>((resolve) => (release = resolve)));
    const onSent = vi.fn();
    renderWithApp(<SendBox conversationId="c1" send={send} onSent={onSent} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Send message' });
    const input = screen.getByLabelText('Message');
    expect(button).toBeDisabled();
    await user.type(input, '   ');
    expect(button).toBeDisabled();
    await user.type(input, '  Hello  ');
    expect(button).toBeEnabled();
    await user.click(button);
    // Pending: disabled, and Enter does not send again.
    expect(button).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('c1', 'Hello');
    release(message);
    await waitFor(() => expect(input).toHaveValue(''));
    expect(onSent).toHaveBeenCalledWith(message);
  });

  it('sends nothing without a selected conversation', async () => {
    const send = vi.fn();
    renderWithApp(<SendBox conversationId={null} send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message'), 'Hi{Enter}');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('shows "Error" / "Failed to send message" and keeps the text when the send fails', async () => {
    const send = vi.fn(() => Promise.reject(new Error('500: boom')));
    renderWithApp(<SendBox conversationId="c1" send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message'), 'Hi there{Enter}');
    // The toast region mounts with the first toast (app/providers.tsx).
    const toasts = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(await toasts.findByText('Failed to send message')).toBeInTheDocument();
    expect(toasts.getByText('Error')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Hi there');
  });
});

describe('senderLabel', () => {
  it('says You for my messages, else the first name, else the email', () => {
    expect(senderLabel(message, 'u1')).toBe('You');
    expect(senderLabel(message, 'u2')).toBe('Sam');
    expect(senderLabel({ ...message, sender: { firstName: ' ', email: 'x@example.com' } }, 'u2')).toBe(
      'x@example.com',
    );
  });
});
