#include "app/cli/processarguments.h"

#include "app/core/passwordmask.h"

#include <QString>

#include <algorithm>
#include <cstring>

namespace ProcessArguments {

void maskPasswords(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray raw(argv[i]);
        const QByteArray masked = PasswordMask::mask(QString::fromLocal8Bit(raw)).toLocal8Bit();
        if (masked == raw)
            continue;
        // The password is what lies between the prefix and the suffix the two texts share;
        // it is blanked byte for byte, so the argument keeps its length and its neighbours.
        qsizetype prefix = 0;
        while (prefix < std::min(raw.size(), masked.size()) && raw[prefix] == masked[prefix])
            ++prefix;
        qsizetype suffix = 0;
        while (suffix < raw.size() - prefix && suffix < masked.size() - prefix
            && raw[raw.size() - 1 - suffix] == masked[masked.size() - 1 - suffix])
            ++suffix;
        std::memset(argv[i] + prefix, '*', static_cast<std::size_t>(raw.size() - prefix - suffix));
    }
}

} // namespace ProcessArguments
