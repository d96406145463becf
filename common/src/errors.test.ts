import { describe, expect, it } from 'vitest';
import { codeForStatus, describeError, ERROR_CODES, fallbackMessage, parseRawError } from './errors.js';

describe('codeForStatus', () => {
  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [422, 'VALIDATION_ERROR'],
    [429, 'RATE_LIMITED'],
    [500, 'INTERNAL_ERROR'],
    [502, 'BAD_GATEWAY'],
    [503, 'SERVICE_UNAVAILABLE'],
    [504, 'GATEWAY_TIMEOUT'],
    [418, 'UNKNOWN_ERROR'],
  ])('maps %i to %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });
});

describe('fallbackMessage', () => {
  it('uses the catalogue words per status', () => {
    expect(fallbackMessage(401)).toBe('Please log in to continue.');
    expect(fallbackMessage(403)).toBe("You don't have permission to perform this action.");
    expect(fallbackMessage(404)).toBe('The requested resource was not found.');
    expect(fallbackMessage(429)).toBe('Too many requests. Please wait a moment and try again.');
    expect(fallbackMessage(500)).toBe('Server error. Our team has been notified.');
    for (const s of [502, 503, 504]) {
      expect(fallbackMessage(s)).toBe('Service temporarily unavailable. Please try again in a moment.');
    }
    expect(fallbackMessage(0)).toBe('Network error. Please check your internet connection and try again.');
  });

  it('prefixes details for 400, 409 and 422', () => {
    expect(fallbackMessage(400, 'bad thing')).toBe('Invalid request: bad thing');
    expect(fallbackMessage(409, 'taken')).toBe('Conflict: taken');
    expect(fallbackMessage(422, 'wrong')).toBe('Validation error: wrong');
  });
});

describe('describeError', () => {
  it('keeps a known code from the server and gives its toast title', () => {
    const d = describeError({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address before logging in.' });
    expect(d).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED', title: 'Email Verification Required' });
    expect(d.message).toMatch(/^Please verify your email address before logging in/);
  });

  it('keeps specific field messages and the field', () => {
    const d = describeError({ status: 400, code: 'VALIDATION_ERROR', message: 'Username must be at least 3 characters', field: 'username' });
    expect(d).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      field: 'username',
      message: 'Username must be at least 3 characters',
      title: 'Invalid Input',
    });
  });

  it('matches texts to codes when no code came', () => {
    expect(describeError({ status: 401, message: 'invalid credentials' })).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password. Please check them and try again.',
    });
    expect(describeError({ status: 413, message: 'File too large' })).toMatchObject({ code: 'FILE_TOO_LARGE', title: 'File Too Large' });
    expect(describeError({ status: 400, message: 'SVG not allowed' })).toMatchObject({ code: 'INVALID_FILE_TYPE', title: 'Invalid File Type' });
    expect(describeError({ status: 400, message: 'Invalid or expired reset token' })).toMatchObject({ code: 'INVALID_RESET_TOKEN', title: 'Invalid Reset Link' });
    expect(describeError({ status: 403, message: 'Chat is disabled by this user' })).toMatchObject({ code: 'CHAT_DISABLED', title: 'Chat Unavailable' });
    expect(describeError({ status: 503, message: 'Site in maintenance' })).toMatchObject({ code: 'MAINTENANCE_MODE', title: 'Maintenance Mode' });
    expect(describeError({ status: 400, message: 'Title cannot exceed 50 characters' })).toMatchObject({ code: 'TOO_LONG', title: 'Value Too Long' });
    expect(describeError({ status: 400, message: 'Username already exists' })).toMatchObject({ code: 'ALREADY_EXISTS', message: 'Username already exists' });
  });

  it('falls back by status when the answer says nothing', () => {
    expect(describeError({ status: 500 })).toMatchObject({ code: 'INTERNAL_ERROR', title: 'Server Error', message: 'Server error. Our team has been notified.' });
    expect(describeError({ status: 504 })).toMatchObject({ code: 'GATEWAY_TIMEOUT', title: 'Timeout' });
    expect(describeError({ status: 429 })).toMatchObject({ code: 'RATE_LIMITED', title: 'Slow Down' });
    expect(describeError({ status: 418 })).toMatchObject({ code: 'UNKNOWN_ERROR', title: 'Error' });
  });

  it('treats status 0 as a network failure', () => {
    expect(describeError({ status: 0 })).toMatchObject({
      code: 'NETWORK_ERROR',
      title: 'Connection Problem',
      message: 'Network error. Please check your internet connection and try again.',
    });
  });

  it('ignores codes it does not know', () => {
    expect(describeError({ status: 404, code: 'SOMETHING_ELSE' }).code).toBe('NOT_FOUND');
  });

  it('has a title for every code', () => {
    for (const [code, { title }] of Object.entries(ERROR_CODES)) expect(title, code).not.toBe('');
  });
});

describe('parseRawError', () => {
  it('parses "status: json body"', () => {
    expect(parseRawError('400: {"message":"Email is required","code":"VALIDATION_ERROR","field":"email"}')).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      field: 'email',
      message: 'Email is required',
      title: 'Invalid Input',
    });
  });

  it('parses "status: plain text"', () => {
    expect(parseRawError('502: Bad Gateway')).toMatchObject({ status: 502, code: 'BAD_GATEWAY', message: 'Bad Gateway' });
  });

  it('falls back when the body is empty', () => {
    expect(parseRawError('404: ')).toMatchObject({ status: 404, message: 'The requested resource was not found.' });
  });

  it('treats text without a status as a network failure', () => {
    expect(parseRawError('Failed to fetch').code).toBe('NETWORK_ERROR');
  });
});

describe('parseRawError on odd bodies', () => {
  it('ignores fields of the wrong type and JSON that is not an object', () => {
    expect(parseRawError('400: {"message": 42, "code": ["X"]}')).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'Invalid request: please check what you entered and try again.' });
    expect(parseRawError('500: [1,2]')).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', message: '[1,2]' });
  });
});
