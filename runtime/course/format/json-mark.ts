/** Where a problem of a JSON text is: from a path of keys and indexes to the stretch of text an editor underlines. */
import { findNodeAtLocation, type Node } from 'jsonc-parser';

/** A stretch of a JSON text that is wrong, and why: what an editor underlines. */
export interface JsonMark {
  /** Where the stretch starts, in UTF-16 code units from the text's start. */
  offset: number;
  length: number;
  message: string;
}

/**
 * The stretch to mark for `node`: a value as it is, but an object or list (often many lines) by its key
 * when it has one, else by its opening bracket.
 */
function nodeMark(node: Node, message: string): JsonMark {
  if (node.type !== 'object' && node.type !== 'array') return { offset: node.offset, length: node.length, message };
  const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  return key ? { offset: key.offset, length: key.length, message } : { offset: node.offset, length: 1, message };
}

/**
 * Where in the text `path` (keys and indexes from the root) is: the value there, or its key when
 * `onKey`. A path that is not in the text (a missing key) marks the nearest part of it that is.
 */
export function pathMark(root: Node, path: (string | number)[], onKey: boolean, message: string): JsonMark {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(root, path.slice(0, depth));
    if (!node) continue;
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    if (onKey && depth === path.length && key) return { offset: key.offset, length: key.length, message };
    return nodeMark(node, message);
  }
  return nodeMark(root, message);
}
