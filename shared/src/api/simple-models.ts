import type { SimpleModelName } from '../models/index';
import { call, isObject } from './call';

export type SimpleModelData = Record<string, unknown> | null;

export const fetchSimpleModel = (board: number, model: SimpleModelName) =>
  call(
    'POST',
    '/api/simple_model/get',
    { board, model },
    (body): SimpleModelData => (isObject(body.data) ? body.data : null),
    {
      loadsData: true,
      needsSuccess: true,
    },
  );

/** Success only when the answer has a field named after the model (spec §7). */
export const saveSimpleModel = (board: number, model: SimpleModelName, responses: Record<string, string>) =>
  call('POST', '/api/simple_model/update', { board, model, responses }, (body) =>
    model in body ? (body[model] as SimpleModelData) : undefined,
  );
