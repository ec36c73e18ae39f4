import type { FieldErrors } from '@owo/contract';
import { MSG, STATUS } from '@owo/contract';

/** A typed failure a service throws; the platform turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly status: string,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new AppError(400, STATUS.validationError, message, errors);
/** A single-field validation failure with the spec's message. */
export const fieldError = (field: string, message: string) =>
  new AppError(400, STATUS.validationError, message, { [field]: [message] });
export const unauthorized = (message = 'Authentication required', status: string = STATUS.unauthorized) =>
  new AppError(401, status, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, STATUS.forbidden, message);
export const notFound = (what = 'Resource') => new AppError(404, STATUS.notFound, `${what} not found`);
export const conflict = (message: string, errors?: FieldErrors) =>
  new AppError(409, STATUS.conflict, message, errors);
export const unprocessable = (message: string, errors?: FieldErrors) =>
  new AppError(422, 'unprocessable', message, errors);
export const tooMany = (message = 'Too many attempts, please try again later') =>
  new AppError(429, STATUS.rateLimited, message);
