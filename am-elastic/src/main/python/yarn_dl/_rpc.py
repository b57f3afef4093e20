"""`init_rpc` for parameter-server jobs: rendezvous through the AM-hosted TCPStore.

Why not `env://` or `tcp://`: those make RANK 0 host the store, and a resize restarts every process
of a generation, store host included; clients of the dead store would hang. The AM outlives every
generation, so it hosts one `TCPStore` and each generation works under its own key prefix
(`gen<N>`), so keys left by an older generation never mix with the new one.
"""

import urllib.parse
from datetime import timedelta

from . import _env

SCHEME = "yarndl"
_registered = False


def _rendezvous_handler(url, timeout=timedelta(seconds=300), **kwargs):
    """torch's rendezvous protocol: a generator yielding (store, rank, world_size)."""
    import torch.distributed as dist

    query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(url).query))
    rank = int(query.get("rank", _env.rank()))
    world_size = int(query.get("world_size", _env.world_size()))
    host, port = _env.store_address()
    store = dist.TCPStore(host, port, is_master=False, timeout=timeout)
    yield dist.PrefixStore(f"gen{_env.generation()}", store), rank, world_size
    raise RuntimeError("the yarndl:// rendezvous cannot be restarted within a generation; "
                       "the AM starts a new generation instead")


def register_handler():
    """Registers the `yarndl://` rendezvous scheme with torch.distributed (once per process)."""
    global _registered
    if _registered:
        return
    from torch.distributed.rendezvous import register_rendezvous_handler
    try:
        register_rendezvous_handler(SCHEME, _rendezvous_handler)
    except RuntimeError:  # registered already, e.g. the module was imported twice
        pass
    _registered = True


def init_rpc(name, rpc_timeout_s=None):
    """torch.distributed.rpc.init_rpc(name) at this process's RANK/WORLD_SIZE, rendezvousing via the AM."""
    from torch.distributed import rpc

    register_handler()
    _env.store_address()  # fail early, with a clear message, when YARN_DL_STORE is missing
    options = rpc.TensorPipeRpcBackendOptions(init_method=f"{SCHEME}://am-store")
    if rpc_timeout_s is not None:
        options.rpc_timeout = rpc_timeout_s
    rpc.init_rpc(name, rank=_env.rank(), world_size=_env.world_size(), rpc_backend_options=options)
