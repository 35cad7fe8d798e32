/**
 * The request, understood: what `parse.ts` produces from HTTP and `sql.ts` turns into SQL. Pure data,
 * so both halves can be tested table-driven without a server or a database.
 */

export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'is' | 'in';

export type Filter =
  | {
      column: string;
      op: Exclude<FilterOp, 'in'>;
      /** The text after `op.`, handed to Postgres as a text parameter (for `is`: the keyword). */
      value: string;
    }
  | {
      column: string;
      op: 'in';
      /** The list's elements as written (quotes and escapes removed); `in.()` is `['']`. */
      values: string[];
    };

export interface OrderTerm {
  column: string;
  direction?: 'asc' | 'desc';
  nulls?: 'nullsfirst' | 'nullslast';
}

/** `*` or a named column, in the order the client listed them. */
export type SelectItem = { star: true } | { column: string };

/** How the client wants the rows back: a JSON array, or one object (`vnd.pgrst.object+json`). */
export interface Output {
  select: SelectItem[];
  singular: boolean;
  count: boolean;
}

export interface ColumnDef {
  name: string;
  /** Postgres type as `format_type` prints it, used in json_to_recordset's column list. */
  type: string;
}

export interface ReadPlan extends Output {
  kind: 'read';
  table: string;
  filters: Filter[];
  order: OrderTerm[];
  /** Already capped at the server's max rows. */
  limit: number;
  offset: number;
  /** The limit asked for was over the row cap (MAX_ROWS): a full page may have rows after it. */
  rowCapped?: boolean;
}

interface MutationBase extends Output {
  table: string;
  /** `return=representation`: send the rows back; otherwise an empty body. */
  representation: boolean;
}

export interface InsertPlan extends MutationBase {
  kind: 'insert';
  /** Target columns (from `columns=` or the body's keys), with their types. */
  columns: ColumnDef[];
  /** The JSON text handed to Postgres as `$1::json`. */
  payload: string;
}

export interface UpdatePlan extends MutationBase {
  kind: 'update';
  columns: ColumnDef[];
  payload: string;
  filters: Filter[];
}

export interface DeletePlan extends MutationBase {
  kind: 'delete';
  filters: Filter[];
}

export type Plan = ReadPlan | InsertPlan | UpdatePlan | DeletePlan;

/** Table name → its columns in table order; only exposed tables are in it. */
export type SchemaCache = ReadonlyMap<string, readonly ColumnDef[]>;

/** What a function gives back, which decides the answer's shape (rpc.ts). */
export type FunctionReturns = 'void' | 'set' | 'scalar';

/** A function of schema public, callable as `POST /rpc/<name>` (PostgREST's routine cache). */
export interface FunctionDef {
  name: string;
  /** Its input arguments in declaration order, each with its type as `format_type` prints it. */
  args: readonly ColumnDef[];
  /** How many leading arguments have no default, so a call must name them. */
  requiredArgs: number;
  returns: FunctionReturns;
  /** The API roles holding EXECUTE on it, as the database says (`has_function_privilege`). */
  executableBy: readonly string[];
}

/** Function name → its definition; only functions of schema public callable by name. */
export type FunctionCache = ReadonlyMap<string, FunctionDef>;

export interface RpcPlan {
  kind: 'rpc';
  function: FunctionDef;
  /** The arguments the body names, in declaration order. */
  args: ColumnDef[];
  /** The body's JSON object text, handed to Postgres as `$1::json`. */
  payload: string;
}
