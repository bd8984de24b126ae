"""Drives redact-mcp with the official MCP Python SDK (`pip install mcp`).

Usage: python_client.py URL, with the API key in REDACT_MCP_TEST_KEY. Prints one JSON line
on success; exits 3 when the SDK is not installed (the Rust test then skips).
"""

import asyncio
import inspect
import json
import os
import sys

try:
    from mcp import ClientSession

    try:
        from mcp.client.streamable_http import streamable_http_client as connect
    except ImportError:  # older SDKs
        from mcp.client.streamable_http import streamablehttp_client as connect
except ImportError:
    print("the MCP Python SDK is not installed", file=sys.stderr)
    sys.exit(3)


def attr(obj, snake: str, camel: str):
    """A field under its 2.x (snake_case) or 1.x (camelCase) name."""
    return getattr(obj, snake) if hasattr(obj, snake) else getattr(obj, camel)


async def main(url: str, key: str) -> None:
    headers = {"Authorization": f"Bearer {key}"}
    params = inspect.signature(connect).parameters
    if "headers" in params:
        ctx = connect(url, headers=headers)
    else:  # newer SDKs take an HTTP client that carries the headers
        from mcp.client.streamable_http import create_mcp_http_client

        ctx = connect(url, http_client=create_mcp_http_client(headers=headers))
    async with ctx as (read, write, *_):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            tools = await session.list_tools()
            names = sorted(t.name for t in tools.tools)
            assert names == ["redact", "restore"], names
            for t in tools.tools:
                assert attr(t, "input_schema", "inputSchema")["type"] == "object", t
                assert attr(t, "output_schema", "outputSchema") is not None, t

            text = "Mail jane.doe@example.org or call +1 415 555 0132."
            # The SDK checks structuredContent against the tool's outputSchema.
            red = await session.call_tool("redact", {"text": text})
            assert not attr(red, "is_error", "isError"), red
            s = attr(red, "structured_content", "structuredContent")
            assert json.loads(red.content[0].text) == s
            assert "jane.doe@example.org" not in s["text"], s
            back = await session.call_tool("restore", {"text": s["text"], "map": s["map"]})
            assert not attr(back, "is_error", "isError"), back
            assert attr(back, "structured_content", "structuredContent")["text"] == text

            bad = await session.call_tool("redact", {"text": 5})
            assert attr(bad, "is_error", "isError"), bad
            assert bad.content[0].text.startswith("invalid_request: "), bad
            print(json.dumps({"protocolVersion": str(attr(init, "protocol_version", "protocolVersion")), "calls": 3}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], os.environ["REDACT_MCP_TEST_KEY"]))
