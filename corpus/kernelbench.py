"""KernelBench-format corpora: read them, check each solution's pairing with
its problem, and re-evaluate a problem's source with its size constants
changed.  Pure Python (ast), no torch: the host calls the pairing check
before any solution is built.

    python3 corpus/kernelbench.py pairs SOLUTIONS.json PROBLEMS.json
        one JSON line per solution: {"id", "problem", "ok", "why"}
    python3 corpus/kernelbench.py sizes PROBLEM_SOURCE_FILE
        {"sizes": {name: value}} the size constants kcv may vary
"""
import ast
import json
import sys


def load_corpus(solutions_path, problems_path):
    """(solutions list, {key: problem}) from the two JSON files."""
    with open(problems_path) as f:
        problems = {p["key"]: p for p in json.load(f)["problems"]}
    with open(solutions_path) as f:
        solutions = json.load(f)["solutions"]
    return solutions, problems


def _class_def(tree, name):
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    return None


def _signature(cls, method):
    """(required positional count, total positional count, has *args) of
    cls.method without self; None when the method is not defined there."""
    for node in cls.body:
        if isinstance(node, ast.FunctionDef) and node.name == method:
            a = node.args
            pos = a.posonlyargs + a.args
            n = len(pos) - 1                      # self
            return (n - len(a.defaults), n, a.vararg is not None)
    return None


def _accepts(cand, ref):
    """Can a call that fits ref's signature be made to cand's?"""
    if cand is None or ref is None:
        return cand == ref or (cand is None and ref == (0, 0, False))
    c_req, c_tot, c_var = cand
    r_req, r_tot, _ = ref
    return c_req <= r_req and (c_var or c_tot >= r_tot) and c_req <= r_tot


def check_pair(problem_source, solution_code):
    """None when the solution's ModelNew takes the arguments the problem's
    Model takes (constructor and forward), else the reason."""
    try:
        p = ast.parse(problem_source)
    except SyntaxError as e:
        return "problem source does not parse: %s" % e
    try:
        s = ast.parse(solution_code)
    except SyntaxError as e:
        return "solution code does not parse: %s" % e
    model, new = _class_def(p, "Model"), _class_def(s, "ModelNew")
    if model is None:
        return "problem defines no class Model"
    if new is None:
        return "solution defines no class ModelNew"
    for method in ("__init__", "forward"):
        r, c = _signature(model, method), _signature(new, method)
        if not _accepts(c, r):
            return ("ModelNew.%s takes %s positional arguments, Model.%s takes %s"
                    % (method, _describe(c), method, _describe(r)))
    return None


def _describe(sig):
    if sig is None:
        return "none (not defined)"
    req, tot, var = sig
    s = "%d" % tot if req == tot else "%d to %d" % (req, tot)
    return s + (" and *args" if var else "")


def size_constants(source):
    """{name: value} of the module-level integer constants that the
    problem's get_inputs() reads: the sizes kcv may vary (batch, features,
    spatial and sequence lengths).  Constants read only by get_init_inputs
    (kernel sizes, strides, flags) stay as they are."""
    tree = ast.parse(source)
    consts = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant)
                and type(node.value.value) is int):
            consts[node.targets[0].id] = node.value.value
    used = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "get_inputs":
            for n in ast.walk(node):
                if isinstance(n, ast.Name) and n.id in consts:
                    used.add(n.id)
    # a constant defined from others (input_shape = (dim,)) counts through them
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id not in consts):
            target = node.targets[0].id
            if _reads(tree, "get_inputs", target):
                for n in ast.walk(node.value):
                    if isinstance(n, ast.Name) and n.id in consts:
                        used.add(n.id)
    return {k: consts[k] for k in consts if k in used and consts[k] > 0}


def _reads(tree, func, name):
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == func:
            return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))
    return False


def with_sizes(source, sizes):
    """The problem's source with module-level `NAME = <int>` assignments
    replaced by sizes[NAME]; everything else unchanged."""
    if not sizes:
        return source
    tree = ast.parse(source)
    seen = set()
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id in sizes):
            node.value = ast.Constant(int(sizes[node.targets[0].id]))
            seen.add(node.targets[0].id)
    missing = set(sizes) - seen
    if missing:
        raise KeyError("no module-level constant named %s" % ", ".join(sorted(missing)))
    return ast.unparse(ast.fix_missing_locations(tree))


def main(argv):
    if len(argv) >= 2 and argv[1] == "pairs" and len(argv) == 4:
        solutions, problems = load_corpus(argv[2], argv[3])
        for s in solutions:
            p = problems.get(s.get("problem"))
            why = ("no problem %r in the problems file" % s.get("problem")) if p is None \
                else check_pair(p["source"], s.get("code", ""))
            print(json.dumps({"id": s.get("id"), "problem": s.get("problem"),
                              "ok": why is None, "why": why}))
        return 0
    if len(argv) == 3 and argv[1] == "sizes":
        with open(argv[2]) as f:
            print(json.dumps({"sizes": size_constants(f.read())}))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
