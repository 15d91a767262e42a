#pragma once

// What the lab knows of a server before it connects, in one description that the field rules,
// the check of an experiment against its server and both fronts read: how many nodes, whether
// the lab starts it itself, and its engine.
struct ServerShape {
    int nodes = 1;
    bool labsOwn = true; // the embedded server, the lab's own cluster or PostgreSQL; not one by URL
    bool postgres = false;

    bool operator==(const ServerShape&) const = default;
};
