/** An element holding `content` as text (page-supplied strings only ever become text nodes). */
export function text(tag: string, className: string, content: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = content;
  return node;
}
