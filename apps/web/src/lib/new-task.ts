/**
 * Runs `callback` in a task of its own, once the current task and its microtasks are done, without a
 * timer: a message to itself. A timer would tie the start of the app to the page's clock, which a
 * stopped clock (a test's, a throttled background tab's) holds back.
 */
export function inNewTask(callback: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}
