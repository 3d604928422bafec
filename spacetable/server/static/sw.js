// The service worker of Web Push notices: shows what the server pushed (a title, a sentence and the
// link to the player's game list; nothing of any game's state) and opens the list when clicked.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" ? data.title : "spacetable";
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof data.text === "string" ? data.text : "",
    tag: `${data.game || ""}:${data.event || ""}`,
    data: { url: typeof data.url === "string" ? data.url : "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.openWindow(url));
});
