import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { payrollSaveError } from './screens/payroll-create-screen';

// 002 §8, payroll create or update: a validation error's messages joined with newlines; otherwise
// the message, or 'Please check your inputs and try again!'.
describe('payroll save errors', () => {
  it('joins a validation error’s messages with newlines, each once', () => {
    const err = new ApiError(400, 'validation-error', 'Validation failed', {
      name: ['Payroll name is required'],
      walletId: ['Select a wallet'],
      'employees.0.id': ['Select a wallet'],
    });
    expect(payrollSaveError(err)).toBe('Payroll name is required\nSelect a wallet');
  });

  it('shows any other error’s message, or the fallback when it has none', () => {
    expect(payrollSaveError(new ApiError(409, 'conflict', 'A payroll with this name exists'))).toBe(
      'A payroll with this name exists',
    );
    expect(payrollSaveError(new ApiError(422, 'unprocessable', ''))).toBe(
      'Please check your inputs and try again!',
    );
  });
});
