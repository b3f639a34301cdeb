import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

/**
 * PostgreSQL text and jsonb cannot hold the NUL character: a bound parameter containing one makes
 * the query fail ("invalid byte sequence for encoding UTF8: 0x00" / "unsupported Unicode escape
 * sequence"), which would turn a junk form field or query parameter into a 500. NUL never carries
 * meaning in our text, so every bound string loses it here, once, for every query
 * (docs/decisions/080-security-review.md). In a JSON document (a string starting with '{', '[' or
 * '"', as jsonb values are passed) the escaped form \u0000 is removed too.
 */
const JSON_NUL = /(?<!\\)((?:\\\\)*)\\u0000/g;

export function stripNul(value: string): string {
  let out = value.includes('\u0000') ? value.replace(/\u0000/g, '') : value;
  if (out.includes('\\u0000') && /^\s*[[{"]/.test(out)) out = out.replace(JSON_NUL, '$1');
  return out;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return stripNul(value);
  if (Array.isArray(value) && value.some((v) => typeof v === 'string')) return value.map((v) => (typeof v === 'string' ? stripNul(v) : v));
  return value;
}

class StripNulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = clean(node.value);
    return value === node.value ? super.transformValue(node) : { ...super.transformValue(node), value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const values = node.values.map(clean);
    return values.every((v, i) => v === node.values[i]) ? super.transformPrimitiveValueList(node) : { ...node, values };
  }
}

export class StripNulPlugin implements KyselyPlugin {
  readonly #transformer = new StripNulTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
