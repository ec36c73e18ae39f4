import { and, eq, isNull } from 'drizzle-orm';
import { BUILT_IN_ROLES } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { roles } from '../../platform/tenancy-tables';

/** Keeps the built-in roles (account_id null) in step with the contract's list at every boot. */
export async function syncBuiltInRoles(db: DbOrTx) {
  for (const r of BUILT_IN_ROLES) {
    const [existing] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(isNull(roles.accountId), eq(roles.slug, r.slug)));
    if (existing) {
      await db
        .update(roles)
        .set({ name: r.name, description: r.description, resources: r.resources, isBuiltIn: true })
        .where(eq(roles.id, existing.id));
    } else {
      await db.insert(roles).values({
        slug: r.slug,
        name: r.name,
        description: r.description,
        resources: r.resources,
        isBuiltIn: true,
      });
    }
  }
}
