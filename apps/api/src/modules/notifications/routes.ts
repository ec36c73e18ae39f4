import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  idParam,
  listEnvelope,
  notificationItemSchema,
  notificationListQuery,
  notificationPreferencesBody,
  notificationPreferencesSchema,
  notificationReadBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needsSession } from '../../platform/guard';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import {
  deleteAllNotifications,
  deleteNotification,
  getPreferences,
  listMyNotifications,
  parseReadFilter,
  savePreferences,
  setAllNotificationsRead,
  setNotificationRead,
} from './inbox';

const tags = ['notifications'];
const countData = envelope(z.object({ count: z.number().int() }));

/** The caller's own notifications across their accounts (000 §2.8, §4.7, §7) and their preferences. */
export async function registerNotifications(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  listNotificationsRoute(r, deps);
  markNotificationReadRoute(r, deps);
  markNotificationsReadRoute(r, deps);
  deleteNotificationRoute(r, deps);
  deleteNotificationsRoute(r, deps);
  getNotificationPreferencesRoute(r, deps);
  updateNotificationPreferencesRoute(r, deps);
}

function listNotificationsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/me/notifications',
    {
      config: needsSession(),
      schema: {
        operationId: 'listNotifications',
        summary: "List the user's notifications",
        tags,
        querystring: notificationListQuery,
        response: { 200: listEnvelope(notificationItemSchema) },
      },
    },
    async (req) => {
      const filter = parseReadFilter(req.query.where);
      const { items, total, unread } = await listMyNotifications(db, authOf(req).user.id, {
        ...req.query,
        filter,
      });
      return paged(items, req.query, total, { filter, unreadCount: unread });
    },
  );
}

function markNotificationReadRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    '/api/me/notifications/:id',
    {
      config: needsSession(),
      schema: {
        operationId: 'markNotificationRead',
        summary: 'Mark one notification as read',
        tags,
        params: idParam,
        body: notificationReadBody,
        response: { 200: envelope(z.object({ id: z.string(), read: z.boolean() })) },
      },
    },
    async (req) => {
      await setNotificationRead(db, authOf(req).user.id, req.params.id, req.body.read);
      return ok(
        { id: req.params.id, read: req.body.read },
        req.body.read ? 'Notification marked as read' : 'Notification marked as unread',
      );
    },
  );
}

function markNotificationsReadRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    '/api/me/notifications',
    {
      config: needsSession(),
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Mark notifications as read',
        tags,
        body: notificationReadBody,
        response: { 200: countData },
      },
    },
    async (req) => {
      const n = await setAllNotificationsRead(db, authOf(req).user.id, req.body.read);
      return ok(
        { count: n },
        req.body.read ? 'All notifications marked as read' : 'All notifications marked as unread',
      );
    },
  );
}

function deleteNotificationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/me/notifications/:id',
    {
      config: needsSession(),
      schema: {
        operationId: 'deleteNotification',
        summary: 'Delete one notification',
        tags,
        params: idParam,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (req) => {
      await deleteNotification(db, authOf(req).user.id, req.params.id);
      return ok({ id: req.params.id }, 'Notification deleted');
    },
  );
}

function deleteNotificationsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/me/notifications',
    {
      config: needsSession(),
      schema: {
        operationId: 'deleteNotifications',
        summary: 'Delete notifications',
        tags,
        response: { 200: countData },
      },
    },
    async (req) =>
      ok({ count: await deleteAllNotifications(db, authOf(req).user.id) }, 'All notifications deleted'),
  );
}

function getNotificationPreferencesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/me/settings/notifications',
    {
      config: needsSession(),
      schema: {
        operationId: 'getNotificationPreferences',
        summary: "Get the user's notification preferences",
        tags,
        response: { 200: envelope(notificationPreferencesSchema) },
      },
    },
    async (req) => ok(await getPreferences(db, authOf(req).user.id)),
  );
}

function updateNotificationPreferencesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/me/settings/notifications',
    {
      config: needsSession(),
      schema: {
        operationId: 'updateNotificationPreferences',
        summary: "Update the user's notification preferences",
        tags,
        body: notificationPreferencesBody,
        response: { 200: envelope(notificationPreferencesSchema) },
      },
    },
    async (req) =>
      ok(
        await savePreferences(db, authOf(req).user.id, req.body.preferences),
        'Notification preferences saved',
      ),
  );
}
