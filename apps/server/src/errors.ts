/**
 * Errors are values with a status (design section 4.9): services throw these, and one plugin turns them
 * into the contract's `{ error }` body. Anything else that escapes is a real fault (500).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export interface FieldIssue {
  param: string;
  location: 'query' | 'params' | 'body' | 'headers';
  msg: string;
  value?: unknown;
}

export class Invalid extends AppError {
  constructor(
    message: string,
    readonly errors: FieldIssue[] = [],
  ) {
    super(400, message);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message, { 'WWW-Authenticate': 'Bearer' });
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Not allowed') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class RangeNotSatisfiable extends AppError {
  constructor(size: number) {
    super(416, 'Requested range not satisfiable', { 'Content-Range': `bytes */${size}` });
  }
}
