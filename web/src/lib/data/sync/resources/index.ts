import { activity } from './activity.ts';
import { businessProfile } from './business-profile.ts';
import { conversations } from './conversations.ts';
import { goals } from './goals.ts';
import { reviews } from './reviews.ts';
import { settings } from './settings.ts';
import type { SyncResource } from '../resource.ts';

/*
 * Every synced resource, by name (the name of its part of the snapshot and of its store). The sync
 * engine iterates this and nothing else: a new resource is its descriptor and one line here.
 * The order is the order of a first sign-in's merge: goals and conversations first (the user's
 * own work), the activity log, the business profile, then what depends on the account's copy
 * (reviews, settings).
 */
const registry = { goals, conversations, activity, businessProfile, reviews, settings };

type Registry = typeof registry;
export type ResourceName = keyof Registry;

type TypesOf<R> =
  R extends SyncResource<infer Part, infer Value, infer Op>
    ? { part: Part; value: Value; operation: Op }
    : never;

/** A resource's part of the server's snapshot, as this browser keeps it. */
export type PartOf<N extends ResourceName> = TypesOf<Registry[N]>['part'];
/** What the screens read and write of a resource. */
export type ValueOf<N extends ResourceName> = TypesOf<Registry[N]>['value'];
/** The operations a resource's changes become. */
export type OperationOf<N extends ResourceName> = TypesOf<Registry[N]>['operation'];

/**
 * The registry, typed per name so that code generic over the name (`<N extends ResourceName>`)
 * gets each resource's own types. A descriptor missing a function does not compile
 * (defineResource), nor does a name without its descriptor.
 */
export const syncResources: {
  readonly [N in ResourceName]: SyncResource<PartOf<N>, ValueOf<N>, OperationOf<N>>;
} = registry;

/** Every resource's name, in the registry's order. */
export const resourceNames = Object.keys(syncResources) as ResourceName[];

/**
 * A change waiting to reach the server, as the user made it: the queue (the outbox) keeps them in
 * order, and what a screen shows is the server's last answer with the queue applied on top.
 */
export type Operation = { [N in ResourceName]: OperationOf<N> }[ResourceName];

/**
 * The server's last answer about everything of the user's that the app shows. A part absent (a
 * snapshot kept by an older version, or none fetched yet) reads as the resource's `empty()`.
 */
export type Snapshot = { [N in ResourceName]?: PartOf<N> };
