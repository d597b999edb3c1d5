import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileField, TextAreaField, TextField } from './field';

describe('fields', () => {
  it('tie the label, hint and error to the input', () => {
    render(<TextField label="Title" hint="Shown in the app" error="Enter a title" />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Shown in the app Enter a title');
  });

  it('tie the label and error to the textarea, with its own classes beside the input look', () => {
    render(<TextAreaField label="Message" error="Enter a message" inputClassName="font-mono" rows={3} />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription('Enter a message');
    expect(textarea).toHaveClass('font-mono', 'ring-slate-300');
  });

  it('leave a valid field unmarked', () => {
    render(<TextAreaField label="Description" />);
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    expect(textarea).not.toHaveAttribute('aria-invalid');
    expect(textarea).not.toHaveAttribute('aria-describedby');
  });

  it('tie the label, hint and error to a file picker, with its adornment beside it', () => {
    render(
      <FileField
        label="Icon"
        accept="image/png"
        hint="PNG, at most 1 MB"
        error="Choose a PNG"
        adornment={<span>Uploaded</span>}
      />,
    );
    const picker = screen.getByLabelText('Icon');
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAttribute('accept', 'image/png');
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(picker).toHaveAccessibleDescription('PNG, at most 1 MB Choose a PNG');
    expect(picker.parentElement).toHaveTextContent('Uploaded');
  });
});
